-- Whether an ended crawl's records are all in its search index (the index itself, under the data directory, keeps
-- which records it holds); crawls that ended before search existed are indexed by the manager after the upgrade.
ALTER TABLE crawl ADD COLUMN search_indexed BOOLEAN DEFAULT FALSE NOT NULL;
