-- The crawl log's scope decisions: what became of each fetched page's distinct links (in scope, on other hosts,
-- refused by the include/exclude patterns, beyond the depth limit) and whether the in-scope ones were followed.
-- Null for records without links (errors, denials, non-HTML) and for records stored before this version.
ALTER TABLE page ADD COLUMN links_in INTEGER;
ALTER TABLE page ADD COLUMN links_host INTEGER;
ALTER TABLE page ADD COLUMN links_pattern INTEGER;
ALTER TABLE page ADD COLUMN links_deep INTEGER;
ALTER TABLE page ADD COLUMN links_followed BOOLEAN;
