-- Learners can delete their account (DELETE /auth/me, langlearn-admin delete-user). Every
-- learner table references users ON DELETE CASCADE except user_names, which users_public
-- references the other way round: a deleted learner's name would stay taken. The name now
-- belongs to its account too, so deleting the account frees it, whoever deletes the row.
-- Names from before have their owner filled in from the profile that uses them.
-- (Account ids come from the identity sequence: an id is never handed out twice here; SQLite
-- needs a counter for that, see its file.)
-- Lint (tests/migrations/lint): user_names held one row per learner when this ran; the
-- foreign key and its index are checked and built in the same short transaction, which a
-- NOT VALID key plus VALIDATE would only split in two for no gain at that size.
-- squawk-ignore-file adding-foreign-key-constraint, require-concurrent-index-creation
ALTER TABLE user_names ADD COLUMN user_id BIGINT REFERENCES users (id) ON DELETE CASCADE;
UPDATE user_names n SET user_id = p.user_id FROM users_public p WHERE p.username_id = n.id;
CREATE UNIQUE INDEX user_names_user_key ON user_names (user_id);
