-- pages a second of the site's latest finished single-lane crawl, when a partitioned crawl started: the baseline of
-- its measured wall-clock acceleration (null: no such crawl)
ALTER TABLE crawl ADD COLUMN baseline_pages_per_second DOUBLE PRECISION;
