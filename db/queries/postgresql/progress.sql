-- PostgreSQL's own text of the progress statements (db/queries/progress.sql).

-- ProgressStore::book_locked: the profile's row lock is what every booking's write of the
-- learner takes first (its guarded UPDATE of users_public), so they wait until this transaction
-- ends.
-- name: lock_profile
SELECT version FROM users_public WHERE user_id = :user_id FOR UPDATE;
