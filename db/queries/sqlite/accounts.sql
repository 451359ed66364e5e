-- SQLite's own text of the accounts statements (db/queries/accounts.sql).

-- The id is drawn from the id_sequences counter first (:id), so the id of a deleted account is
-- never handed out again: a token the deleted learner kept would speak for the newcomer
-- (migration 0011). The caller's clock when it gave one, else the database's. No row back: the
-- e-mail is taken.
-- name: insert
INSERT INTO users (id, email, password_hash, role, created_at)
VALUES (:id, :email, :password_hash, :role,
        COALESCE(:created_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
ON CONFLICT DO NOTHING
RETURNING id, CAST(created_at AS TEXT);
