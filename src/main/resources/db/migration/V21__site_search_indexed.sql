-- Whether the manager indexes the site's crawls for search: on by default; an editor turns it off for a site whose
-- pages the search team indexes in its own engine, and its crawls then cost no indexing.
ALTER TABLE site ADD COLUMN search_indexed BOOLEAN DEFAULT TRUE NOT NULL;
