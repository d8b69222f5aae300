-- Partition plans: one saved plan per site, used by the site's next partitioned crawl.
CREATE TABLE site_plan (
    site_id          VARCHAR(32) PRIMARY KEY REFERENCES site (id) ON DELETE CASCADE,
    plan             TEXT        NOT NULL,
    key_path_share   DOUBLE PRECISION NOT NULL,
    seeds_per_path   INTEGER     NOT NULL,
    mode             VARCHAR(16) NOT NULL,
    graph_crawl_id   VARCHAR(32) NOT NULL,
    updated_at       TIMESTAMP WITH TIME ZONE NOT NULL
);
