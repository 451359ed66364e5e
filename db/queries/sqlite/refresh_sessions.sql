-- SQLite's own text of the refresh_sessions statements (db/queries/refresh_sessions.sql). Its
-- writers are serialised already (BEGIN IMMEDIATE): nothing to lock.

-- name: live_families_but
SELECT id FROM refresh_families
WHERE user_id = :user_id AND revoked_at IS NULL AND id <> :keep;

-- The live families after the `keep` last used (SQLite takes OFFSET only after a LIMIT).
-- name: live_families_beyond
SELECT id FROM refresh_families WHERE user_id = :user_id AND revoked_at IS NULL
ORDER BY last_used_at DESC, created_at DESC, id DESC LIMIT -1 OFFSET :keep;
