-- Learners can delete their account (DELETE /auth/me, langlearn-admin delete-user; the
-- PostgreSQL file explains the username link). SQLite's INTEGER PRIMARY KEY hands the id of a
-- deleted highest row out again: a new account would then take the id of a deleted one, and a
-- token the deleted learner still holds would speak for the newcomer. Account ids are therefore
-- drawn from id_sequences like the content tables' (why: 0003_content.sql).
INSERT OR IGNORE INTO id_sequences (name, last_id) SELECT 'users', COALESCE(MAX(id), 0) FROM users;

ALTER TABLE user_names ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE CASCADE;
UPDATE user_names SET user_id = (SELECT p.user_id FROM users_public p WHERE p.username_id = user_names.id);
CREATE UNIQUE INDEX user_names_user_key ON user_names (user_id);
