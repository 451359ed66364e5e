-- Staff sessions of the studio (docs/studio.md "Sign-in and sessions"). The browser holds a
-- cookie signed with a key derived from JWT_SECRET that names the session id; this row says
-- whose session it is and whether it has been ended, so a sign-out ends it at once on every
-- replica. No secret is stored: the id alone makes no valid cookie without the key. Rows whose
-- expiry has passed are deleted at the next sign-in.
CREATE TABLE staff_sessions (
    id         TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX staff_sessions_expires_idx ON staff_sessions (expires_at);
