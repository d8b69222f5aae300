-- Revisits: a site's refresh plan (its update policy and bounds), and recrawl requests with their URLs.
CREATE TABLE refresh_plan (
    site_id              VARCHAR(32) PRIMARY KEY REFERENCES site (id) ON DELETE CASCADE,
    policy               VARCHAR(32) NOT NULL,
    target_probability   DOUBLE PRECISION NOT NULL,
    min_interval_ms      BIGINT      NOT NULL,
    max_interval_ms      BIGINT      NOT NULL,
    initial_interval_ms  BIGINT      NOT NULL,
    updated_at           TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE TABLE recrawl (
    id            VARCHAR(32) PRIMARY KEY,
    site_id       VARCHAR(32) NOT NULL REFERENCES site (id) ON DELETE CASCADE,
    crawl_id      VARCHAR(32) NOT NULL,
    priority      INTEGER     NOT NULL,
    requested_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    accepted      INTEGER     NOT NULL,
    rejected      INTEGER     NOT NULL
);
CREATE TABLE recrawl_url (
    recrawl_id  VARCHAR(32)   NOT NULL REFERENCES recrawl (id) ON DELETE CASCADE,
    url         VARCHAR(4096) NOT NULL
);
CREATE INDEX recrawl_url_idx ON recrawl_url (recrawl_id);
