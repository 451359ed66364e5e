-- Learner sessions that last and can be revoked (the PostgreSQL file explains). Instants are
-- ISO text in the wire format ("YYYY-MM-DDTHH:MM:SS.mmmZ"), which sorts as time does.
CREATE TABLE refresh_families (
    id           TEXT PRIMARY KEY,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device       TEXT NOT NULL DEFAULT '',
    created_at   TEXT NOT NULL,
    last_used_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    revoked_at   TEXT
);
CREATE INDEX refresh_families_user_idx ON refresh_families (user_id);
CREATE INDEX refresh_families_expires_idx ON refresh_families (expires_at);
CREATE INDEX refresh_families_revoked_idx ON refresh_families (revoked_at)
    WHERE revoked_at IS NOT NULL;

CREATE TABLE refresh_tokens (
    digest     TEXT PRIMARY KEY,
    family_id  TEXT NOT NULL REFERENCES refresh_families (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_used_idx ON refresh_tokens (used_at) WHERE used_at IS NOT NULL;
