-- The studio's sessions (core/ports/staff_sessions.hpp; staff_sessions, migration 0007), one
-- statement per call in autocommit. Instants are bound and read as wire-format text
-- (adapters/persistence/queries.hpp).

-- Run again after a lost connection, the insert may meet its own row (the first run committed
-- before its answer was lost): the id is random, so no other session has it, and that row is
-- this session (tests/e2e/lost_reply.py).
-- name: insert
INSERT INTO staff_sessions (id, user_id, created_at, expires_at)
VALUES (:id, :user_id, :created_at, :expires_at)
ON CONFLICT (id) DO NOTHING;

-- name: find
SELECT user_id, CAST(created_at AS TEXT), CAST(expires_at AS TEXT), CAST(revoked_at AS TEXT)
FROM staff_sessions WHERE id = :id;

-- COALESCE: a session ended twice keeps its first end.
-- name: revoke
UPDATE staff_sessions SET revoked_at = COALESCE(revoked_at, :now) WHERE id = :id;

-- name: revoke_user
UPDATE staff_sessions SET revoked_at = :now WHERE user_id = :user_id AND revoked_at IS NULL;

-- name: purge_expired
DELETE FROM staff_sessions WHERE expires_at <= :now;
