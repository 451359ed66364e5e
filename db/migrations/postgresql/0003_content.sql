-- Content store (core/ports/content_store.hpp), PostgreSQL dialect.
-- Identity columns never hand out an id twice (a sequence does not go back after a delete or a
-- rollback), so the content tables keep their ids as 0001 made them.
-- Lint (tests/migrations/lint): these index changes and the NOT NULL ran when the content
-- tables held a few hundred rows, well within a deploy's pause; the runner applies a file in one
-- transaction, where CREATE INDEX CONCURRENTLY cannot run. An index on a large table today
-- follows docs/operations.md "Migrations": built CONCURRENTLY by hand first, IF NOT EXISTS in
-- the file.
-- squawk-ignore-file require-concurrent-index-creation, require-concurrent-index-deletion, adding-not-nullable-field

-- Words are unique by fold_case(title_de), a key the adapter computes and writes: SQL lower()
-- folds differently in SQLite (ASCII only) and PostgreSQL (locale), so no index on lower().
-- lower() fills the rows that exist here once; they are ASCII (or none).
ALTER TABLE words ADD COLUMN title_de_key TEXT;
UPDATE words SET title_de_key = lower(title_de);
ALTER TABLE words ALTER COLUMN title_de_key SET NOT NULL;
CREATE UNIQUE INDEX words_title_de_key ON words (title_de_key);
DROP INDEX words_title_de_lower_idx;

-- statement_words and question_words draw from ONE sequence, so a link id names one link of a
-- pair whichever table it is in (docs/spec/authoring.md "A pair answer"). The sequence is owned by no
-- column: dropping one of the tables must not take it away from the other.
-- Links made before this migration had an id sequence per table: question_words' ids move
-- past statement_words' (by way of negative ids, as each row's new id must not meet an old one).
UPDATE question_words SET id = -id;
UPDATE question_words SET id = -id + (SELECT COALESCE(MAX(id), 0) FROM statement_words);
CREATE SEQUENCE word_link_ids AS BIGINT;
ALTER TABLE statement_words ALTER COLUMN id DROP IDENTITY;
ALTER TABLE statement_words ALTER COLUMN id SET DEFAULT nextval('word_link_ids');
ALTER TABLE question_words ALTER COLUMN id DROP IDENTITY;
ALTER TABLE question_words ALTER COLUMN id SET DEFAULT nextval('word_link_ids');
SELECT setval('word_link_ids', COALESCE((SELECT MAX(id) FROM (SELECT id FROM statement_words
    UNION ALL SELECT id FROM question_words) AS links), 0) + 1, false);

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
