-- PostgreSQL's own text of the refresh_sessions statements (db/queries/refresh_sessions.sql):
-- the rows a revocation ends are locked as they are read.

-- name: live_families_but
SELECT id FROM refresh_families
WHERE user_id = :user_id AND revoked_at IS NULL AND id <> :keep
FOR UPDATE;

-- name: live_families_beyond
SELECT id FROM refresh_families WHERE user_id = :user_id AND revoked_at IS NULL
ORDER BY last_used_at DESC, created_at DESC, id DESC OFFSET :keep
FOR UPDATE;
