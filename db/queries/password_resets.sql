-- One-time password reset tokens (core/ports/password_resets.hpp; password_reset_tokens,
-- migration 0014), stored by the SHA-256 of what the mail carried.

-- A new request supersedes the account's unused links (also: a password change uses them up).
-- name: use_open
UPDATE password_reset_tokens SET used_at = :now WHERE user_id = :user_id AND used_at IS NULL;

-- name: insert
INSERT INTO password_reset_tokens (digest, user_id, created_at, expires_at)
VALUES (:digest, :user_id, :created_at, :expires_at);

-- name: find
SELECT user_id, CAST(created_at AS TEXT), CAST(expires_at AS TEXT), CAST(used_at AS TEXT)
FROM password_reset_tokens WHERE digest = :digest;

-- The one-time use: of two concurrent confirmations only one finds the token unused
-- (PostgreSQL re-checks the row after the first commits; SQLite writes one at a time).
-- name: consume
UPDATE password_reset_tokens SET used_at = :now
WHERE digest = :digest AND used_at IS NULL AND expires_at > :valid_at;

-- name: owner
SELECT user_id FROM password_reset_tokens WHERE digest = :digest;

-- name: issued_since
SELECT COUNT(*) FROM password_reset_tokens WHERE user_id = :user_id AND created_at > :since;

-- name: purge
DELETE FROM password_reset_tokens WHERE expires_at < :before;
