-- Where the worker stored a page's extracted text (a WARC conversion record beside its response): the search indexer
-- reads it there instead of parsing the page's HTML again. Null for pages stored before, revisits and non-HTML pages.
ALTER TABLE page ADD COLUMN text_offset BIGINT;
