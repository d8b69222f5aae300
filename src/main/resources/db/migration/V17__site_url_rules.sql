-- A site's URL rules: the order of a fetched URL's query parameters (keep: as the site wrote them; sort) and the
-- parameters dropped from its URLs (names or name prefixes ending in *, one per line). Existing sites keep the order
-- as written: URLs were fetched sorted before this version, which order-sensitive servers answered with 404.
ALTER TABLE site ADD COLUMN url_query_order VARCHAR(8) DEFAULT 'keep' NOT NULL;
ALTER TABLE site ADD COLUMN url_drop_params TEXT DEFAULT '' NOT NULL;
