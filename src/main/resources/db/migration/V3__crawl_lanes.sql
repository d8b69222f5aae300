-- Partitioned crawls: pages fetched per lane (comma-separated) and the URLs known from the site's previous crawl.
ALTER TABLE crawl ADD COLUMN lane_fetched VARCHAR(400);
ALTER TABLE crawl ADD COLUMN known_urls BIGINT NOT NULL DEFAULT 0;
