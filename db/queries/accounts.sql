-- Accounts and the blocklist (core/ports/accounts.hpp; users and blocklist, migration 0001).
-- E-mails arrive normalised by the core and are matched exactly (docs/architecture.md "E-mail
-- keys"). The insert of a new account is each dialect's own (postgresql/ and sqlite/accounts.sql).

-- name: find_by_email
SELECT id, email, password_hash, role, CASE WHEN is_active THEN 1 ELSE 0 END,
       language_native_id, CAST(created_at AS TEXT)
FROM users WHERE email = :email;

-- name: find_by_id
SELECT id, email, password_hash, role, CASE WHEN is_active THEN 1 ELSE 0 END,
       language_native_id, CAST(created_at AS TEXT)
FROM users WHERE id = :id;

-- name: set_password_hash
UPDATE users SET password_hash = :password_hash WHERE id = :id;

-- name: set_native_language
UPDATE users SET language_native_id = :language_id WHERE id = :id;

-- name: set_role
UPDATE users SET role = :role WHERE email = :email;

-- :active is 1 or 0, which a BOOLEAN column (PostgreSQL) takes as well as an INTEGER (SQLite).
-- name: set_active
UPDATE users SET is_active = :active WHERE email = :email;

-- name: is_blocked
SELECT COUNT(*) FROM blocklist WHERE email = :email AND is_blocked;

-- name: block
INSERT INTO blocklist (email, is_blocked) VALUES (:email, TRUE)
ON CONFLICT (email) DO UPDATE SET is_blocked = TRUE;
