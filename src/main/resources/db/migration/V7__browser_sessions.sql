-- Browser sessions of the UI: the cookie holds a 256-bit random secret, the database only its SHA-256 hash.
-- Logging out deletes the row; a session idle longer than trawler.security.session-idle-timeout or older than
-- trawler.security.session-max-age is refused and deleted.
CREATE TABLE ui_session (
    id            VARCHAR(64)  PRIMARY KEY,
    user_id       VARCHAR(32)  NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    last_seen_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX ui_session_user_idx ON ui_session (user_id);
