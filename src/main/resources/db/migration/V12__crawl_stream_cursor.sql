-- A sharded crawl reports page records in one stream per lane: the ingester's cursor holds the last id of each
-- ("id0,id1,..."; up to 10 lanes of about 20 characters).
ALTER TABLE crawl ALTER COLUMN ingested_until SET DATA TYPE VARCHAR(400);
