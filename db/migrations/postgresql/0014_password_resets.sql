-- One-time password reset tokens (docs/accounts.md "Passwords"). A token is stored
-- only as the SHA-256 of what the mail carried (32 random bytes: no salt or slow hash needed).
-- used_at is set when the token set a new password, or when a later request superseded it;
-- the rows of the last hour also count the mails an account was sent (at most 3 an hour). The
-- learner-api's background purge removes tokens that expired more than an hour ago.
CREATE TABLE password_reset_tokens (
    digest     TEXT PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at);
CREATE INDEX password_reset_tokens_expires_idx ON password_reset_tokens (expires_at);
