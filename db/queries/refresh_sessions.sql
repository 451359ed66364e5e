-- Learners' sessions (core/ports/refresh_sessions.hpp; tables refresh_families and
-- refresh_tokens, migration 0012). Instants are bound and read as wire-format text
-- (adapters/persistence/queries.hpp). The reads that lock what a revocation ends are each
-- dialect's own (postgresql/ and sqlite/refresh_sessions.sql).

-- name: insert_family
INSERT INTO refresh_families (id, user_id, device, created_at, last_used_at, expires_at)
VALUES (:id, :user_id, :device, :created_at, :last_used_at, :expires_at);

-- name: insert_token
INSERT INTO refresh_tokens (digest, family_id, created_at) VALUES (:digest, :family_id, :created_at);

-- name: find_family
SELECT user_id, device, CAST(created_at AS TEXT), CAST(last_used_at AS TEXT),
       CAST(expires_at AS TEXT), CAST(revoked_at AS TEXT)
FROM refresh_families WHERE id = :id;

-- name: find_token
SELECT family_id, CAST(created_at AS TEXT), CAST(used_at AS TEXT)
FROM refresh_tokens WHERE digest = :digest;

-- The rotation's guard: of two concurrent rotations of one token the second finds it used
-- (PostgreSQL re-checks the row after the first commits) and changes nothing.
-- name: use_token
UPDATE refresh_tokens SET used_at = :now
WHERE digest = :digest AND used_at IS NULL
  AND family_id IN (SELECT id FROM refresh_families WHERE revoked_at IS NULL);

-- name: insert_successor
INSERT INTO refresh_tokens (digest, family_id, created_at)
VALUES (:digest, (SELECT family_id FROM refresh_tokens WHERE digest = :previous), :now);

-- name: touch_family
UPDATE refresh_families SET last_used_at = :now, expires_at = :expires_at
WHERE id = (SELECT family_id FROM refresh_tokens WHERE digest = :previous);

-- COALESCE: a family revoked twice keeps its first time.
-- name: revoke_family
UPDATE refresh_families SET revoked_at = COALESCE(revoked_at, :now) WHERE id = :id;

-- name: revoke_families_but
UPDATE refresh_families SET revoked_at = :now
WHERE user_id = :user_id AND revoked_at IS NULL AND id <> :keep;

-- name: revoke_one
UPDATE refresh_families SET revoked_at = :now WHERE id = :id;

-- Tokens first and by name, so the count does not depend on the cascade.
-- name: purge_tokens
DELETE FROM refresh_tokens
WHERE family_id IN (SELECT id FROM refresh_families WHERE expires_at <= :now OR revoked_at IS NOT NULL)
   OR used_at <= :used_before;

-- name: purge_families
DELETE FROM refresh_families WHERE expires_at <= :now OR revoked_at IS NOT NULL;
