-- Staff sessions of the studio (the PostgreSQL file explains). Instants are ISO text in the wire
-- format ("YYYY-MM-DDTHH:MM:SS.mmmZ"), which sorts as time does.
CREATE TABLE staff_sessions (
    id         TEXT PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE INDEX staff_sessions_expires_idx ON staff_sessions (expires_at);
