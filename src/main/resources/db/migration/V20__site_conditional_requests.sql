-- Whether the site's crawls send conditional requests (If-None-Match / If-Modified-Since) for pages with stored
-- validators: on by default; an editor turns them off for a site whose 304s cannot be trusted.
ALTER TABLE site ADD COLUMN conditional_requests BOOLEAN DEFAULT TRUE NOT NULL;
