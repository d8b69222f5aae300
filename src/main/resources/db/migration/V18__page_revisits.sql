-- Revisit records (WARC 1.1 §6.7): each stored record's WARC-Record-ID, and for a revisit record written instead of a
-- response (the payload was the one stored before, or the server answered 304) its profile and the id of the record it
-- refers to, whose content is the page's. Null for records stored before this version (all of them responses).
ALTER TABLE page ADD COLUMN record_id VARCHAR(64);
ALTER TABLE page ADD COLUMN revisit VARCHAR(32);
ALTER TABLE page ADD COLUMN refers_to VARCHAR(64);
CREATE INDEX page_record_idx ON page (record_id);
-- Where a revisit's content is once the crawl that stored it in full was deleted (its file is kept for it).
ALTER TABLE page ADD COLUMN content_file VARCHAR(255);
ALTER TABLE page ADD COLUMN content_offset BIGINT;
-- The bytes a record's exchange takes in its WARC file (storage per crawl and site; null before this version).
ALTER TABLE page ADD COLUMN warc_bytes BIGINT;
