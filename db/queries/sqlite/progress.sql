-- SQLite's own text of the progress statements (db/queries/progress.sql). Its writers are
-- serialised already (BEGIN IMMEDIATE and the writer mutex hold off every other): nothing to lock.

-- name: lock_profile
SELECT version FROM users_public WHERE user_id = :user_id;
