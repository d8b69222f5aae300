-- A site's retention: its ended crawls beyond the newest keep_crawls, or that ended more than keep_days ago, are
-- deleted on their own (null: kept). The newest crawl that ended is always kept.
ALTER TABLE site ADD COLUMN keep_crawls INTEGER;
ALTER TABLE site ADD COLUMN keep_days INTEGER;
