-- Content store (core/ports/content_store.hpp), SQLite dialect.

-- Words are unique by fold_case(title_de), a key the adapter computes and writes: SQL lower()
-- folds differently in SQLite (ASCII only) and PostgreSQL (locale), so no index on lower().
-- lower() fills the rows that exist here once; they are ASCII (or none). SQLite adds a NOT NULL
-- column only with a default; the adapter always writes the key.
ALTER TABLE words ADD COLUMN title_de_key TEXT NOT NULL DEFAULT '';
UPDATE words SET title_de_key = lower(title_de);
CREATE UNIQUE INDEX words_title_de_key ON words (title_de_key);
DROP INDEX words_title_de_lower_idx;

-- Ids that are never reused. An INTEGER PRIMARY KEY alone hands out max(id) + 1, so the id of
-- a deleted highest row comes back. AUTOINCREMENT would prevent that, but SQLite adds it only
-- by rebuilding the table (create, copy, drop, rename), and dropping a referenced table with
-- foreign keys on runs its ON DELETE actions (pairs -> user_pair_progress would be emptied);
-- foreign keys cannot be switched off inside the transaction each migration runs in.
-- So the content store draws every new id itself from this table:
--   UPDATE id_sequences SET last_id = MAX(last_id, <max id in the table(s)>) + 1
--   WHERE name = ... RETURNING last_id
-- (sql_content_ids.cpp). last_id only grows; the MAX also steps over rows that something else
-- inserted (the test seeder, hand-made data). 'word_links' is the one sequence that
-- statement_words and question_words share, so a link id is unique across both tables.
-- categories are not listed: nothing deletes a category, so max + 1 never repeats an id there.
-- Links made before this migration had ids per table: question_words' ids move past
-- statement_words' (by way of negative ids, as each row's new id must not meet an old one).
UPDATE question_words SET id = -id;
UPDATE question_words SET id = -id + (SELECT COALESCE(MAX(id), 0) FROM statement_words);
CREATE TABLE id_sequences (
    name    TEXT PRIMARY KEY,
    last_id INTEGER NOT NULL
);
INSERT INTO id_sequences (name, last_id) SELECT 'pictures', COALESCE(MAX(id), 0) FROM pictures;
INSERT INTO id_sequences (name, last_id) SELECT 'objects', COALESCE(MAX(id), 0) FROM objects;
INSERT INTO id_sequences (name, last_id) SELECT 'words', COALESCE(MAX(id), 0) FROM words;
INSERT INTO id_sequences (name, last_id) SELECT 'statements', COALESCE(MAX(id), 0) FROM statements;
INSERT INTO id_sequences (name, last_id) SELECT 'questions', COALESCE(MAX(id), 0) FROM questions;
INSERT INTO id_sequences (name, last_id) SELECT 'pairs', COALESCE(MAX(id), 0) FROM pairs;
INSERT INTO id_sequences (name, last_id) SELECT 'audios', COALESCE(MAX(id), 0) FROM audios;
INSERT INTO id_sequences (name, last_id)
    SELECT 'picture_words', COALESCE(MAX(id), 0) FROM picture_words;
INSERT INTO id_sequences (name, last_id)
    SELECT 'object_words', COALESCE(MAX(id), 0) FROM object_words;
INSERT INTO id_sequences (name, last_id)
    SELECT 'word_links', COALESCE(MAX(id), 0)
    FROM (SELECT id FROM statement_words UNION ALL SELECT id FROM question_words) AS links;

-- The lookups of the content store. objects (picture_id), questions (object_id), pairs
-- (picture_id) have theirs since 0001, the link tables' unique keys lead with their owner's id
-- and audios' unique key leads with (source_table, source_id). What is missing: the
-- references that deletes null out, and the list filters.
CREATE INDEX objects_parent_idx ON objects (parent_id);
CREATE INDEX pairs_object_idx ON pairs (object_id);
CREATE INDEX pairs_statement_idx ON pairs (statement_id);
CREATE INDEX pairs_question_idx ON pairs (question_id);
CREATE INDEX pairs_status_idx ON pairs (status, id);
CREATE INDEX objects_status_idx ON objects (status, id);
CREATE INDEX words_status_idx ON words (status, id);
CREATE INDEX statements_status_idx ON statements (status, id);
CREATE INDEX questions_status_idx ON questions (status, id);
