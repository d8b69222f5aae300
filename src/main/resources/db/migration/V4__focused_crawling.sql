-- Focused crawling: a site's saved topic (used when a focused crawl names none) and each page's relevance.
CREATE TABLE site_topic (
    site_id     VARCHAR(32) PRIMARY KEY REFERENCES site (id) ON DELETE CASCADE,
    topic       TEXT        NOT NULL,
    updated_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
ALTER TABLE page ADD COLUMN relevance DOUBLE PRECISION;
ALTER TABLE page ADD COLUMN relevant BOOLEAN;
ALTER TABLE crawl ADD COLUMN budget BIGINT NOT NULL DEFAULT 0;
