-- One-time password reset tokens (the PostgreSQL file explains). Instants are ISO text in the
-- wire format ("YYYY-MM-DDTHH:MM:SS.mmmZ"), which sorts as time does.
CREATE TABLE password_reset_tokens (
    digest     TEXT PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at);
CREATE INDEX password_reset_tokens_expires_idx ON password_reset_tokens (expires_at);
