-- A page record found by its URL within a crawl (outlinks to their own records, crawl comparison): the URL's first
-- 255 characters, indexed with the crawl (a whole URL of up to 4,096 characters cannot be a PostgreSQL index key);
-- the ingester writes it, existing records get it here.
ALTER TABLE page ADD COLUMN url_key VARCHAR(255);
UPDATE page SET url_key = LEFT(url, 255);
CREATE INDEX page_url_idx ON page (crawl_id, url_key);

-- Per-host statistics of a crawl, kept by the ingester in the transaction that stores the records (as the status
-- class counts): pages, status classes, bytes and fetch time. Crawls started before this version have none
-- (hosts_counted false): their records are not counted again.
CREATE TABLE crawl_host (
    crawl_id      VARCHAR(32)  NOT NULL REFERENCES crawl (id) ON DELETE CASCADE,
    host          VARCHAR(255) NOT NULL,
    pages         BIGINT       NOT NULL,
    pages_2xx     BIGINT       NOT NULL,
    pages_3xx     BIGINT       NOT NULL,
    pages_4xx     BIGINT       NOT NULL,
    pages_5xx     BIGINT       NOT NULL,
    pages_other   BIGINT       NOT NULL,
    bytes         BIGINT       NOT NULL,
    fetch_ms      BIGINT       NOT NULL,
    timed         BIGINT       NOT NULL,
    PRIMARY KEY (crawl_id, host)
);
ALTER TABLE crawl ADD COLUMN hosts_counted BOOLEAN DEFAULT TRUE NOT NULL;
UPDATE crawl SET hosts_counted = FALSE;

-- An editor's name and note for a crawl (optional).
ALTER TABLE crawl ADD COLUMN name VARCHAR(200);
ALTER TABLE crawl ADD COLUMN note VARCHAR(2000);
