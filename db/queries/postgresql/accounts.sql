-- PostgreSQL's own text of the accounts statements (db/queries/accounts.sql).

-- The identity draws the id (it never repeats one). The caller's clock when it gave one (the
-- rules compare answers with it), else the database's. No row back: the e-mail is taken.
-- name: insert
INSERT INTO users (email, password_hash, role, created_at)
VALUES (:email, :password_hash, :role, COALESCE(CAST(:created_at AS TIMESTAMPTZ), now()))
ON CONFLICT DO NOTHING
RETURNING id, CAST(created_at AS TEXT);
