-- Page records of each crawl counted by HTTP status class, kept by the ingester in the transaction that stores the
-- records (only rows actually inserted count, so a replay counts nothing twice). The crawl page reads them instead of
-- grouping a crawl's records. Existing crawls are counted once here.
ALTER TABLE crawl ADD COLUMN pages_2xx BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crawl ADD COLUMN pages_3xx BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crawl ADD COLUMN pages_4xx BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crawl ADD COLUMN pages_5xx BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crawl ADD COLUMN pages_other BIGINT NOT NULL DEFAULT 0;
UPDATE crawl SET
    pages_2xx = (SELECT COUNT(*) FROM page p WHERE p.crawl_id = crawl.id AND p.status >= 200 AND p.status < 300),
    pages_3xx = (SELECT COUNT(*) FROM page p WHERE p.crawl_id = crawl.id AND p.status >= 300 AND p.status < 400),
    pages_4xx = (SELECT COUNT(*) FROM page p WHERE p.crawl_id = crawl.id AND p.status >= 400 AND p.status < 500),
    pages_5xx = (SELECT COUNT(*) FROM page p WHERE p.crawl_id = crawl.id AND p.status >= 500 AND p.status < 600),
    pages_other = (SELECT COUNT(*) FROM page p WHERE p.crawl_id = crawl.id AND (p.status < 200 OR p.status >= 600));

