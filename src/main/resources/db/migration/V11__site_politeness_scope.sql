-- whose politeness a site's crawls keep: 'site' (one polite client per host, whichever node fetches) or 'node' (each
-- node, each of its source addresses, is its own polite client; set by an admin with the site owner's consent)
ALTER TABLE site ADD COLUMN politeness_scope VARCHAR(8) DEFAULT 'site' NOT NULL;
