-- links a crawl's pages carried that were refused for their length (over 2,048 characters before or after
-- normalisation); counted in Redis while the crawl runs, stored with its final counts
ALTER TABLE crawl ADD COLUMN links_dropped BIGINT NOT NULL DEFAULT 0;
