-- Recurring crawls: a cron expression in a time zone and the crawl to start (POST /sites/{id}/crawls's body, JSON).
-- next_run is when the manager starts it next; each run moves it on by the expression, whoever ran it (a manager
-- claims a run by moving next_run from the value it read, so two managers never start the same run twice).
CREATE TABLE crawl_schedule (
    id            VARCHAR(32)   PRIMARY KEY,
    site_id       VARCHAR(32)   NOT NULL REFERENCES site (id) ON DELETE CASCADE,
    cron          VARCHAR(100)  NOT NULL,
    time_zone     VARCHAR(64)   NOT NULL,
    crawl         TEXT          NOT NULL,
    enabled       BOOLEAN       NOT NULL,
    next_run      TIMESTAMP WITH TIME ZONE,
    last_run      TIMESTAMP WITH TIME ZONE,
    last_crawl_id VARCHAR(32),
    last_error    VARCHAR(500),
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX crawl_schedule_site_idx ON crawl_schedule (site_id);
CREATE INDEX crawl_schedule_due_idx ON crawl_schedule (enabled, next_run);
