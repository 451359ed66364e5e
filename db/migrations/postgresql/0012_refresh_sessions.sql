-- Learner sessions that last and can be revoked (docs/accounts.md "Sessions and
-- sign-out"). A family is one signed-in device: its id is the access tokens' `sid` claim, and
-- revoking it ends the device's refresh tokens and access tokens. A refresh token is stored only
-- as the SHA-256 of what the client holds (32 random bytes: no salt or slow hash needed), used
-- once and replaced by the next of its family; a used one is kept so that presenting it again is
-- recognised as theft. The learner-api's background purge removes expired and revoked families
-- (their tokens go with them) and used tokens older than REFRESH_EXPIRES_IN.
CREATE TABLE refresh_families (
    id           TEXT PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device       TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX refresh_families_user_idx ON refresh_families (user_id);
CREATE INDEX refresh_families_expires_idx ON refresh_families (expires_at);
CREATE INDEX refresh_families_revoked_idx ON refresh_families (revoked_at)
    WHERE revoked_at IS NOT NULL;

CREATE TABLE refresh_tokens (
    digest     TEXT PRIMARY KEY,
    family_id  TEXT NOT NULL REFERENCES refresh_families (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_used_idx ON refresh_tokens (used_at) WHERE used_at IS NOT NULL;
