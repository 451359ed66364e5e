-- Orphaned link records (core/ports/content/maintenance.hpp, ContentMaintenance;
-- adapters/persistence/content/maintenance.cpp): rows of a link table whose either end is
-- gone. purge_TABLE for each link table, in kLinkTables order; whether a table exists is each
-- dialect's own (table_exists).

-- name: purge_word_categories
DELETE FROM word_categories
WHERE NOT EXISTS (SELECT 1 FROM words e WHERE e.id = word_categories.word_id)
   OR NOT EXISTS (SELECT 1 FROM categories e WHERE e.id = word_categories.category_id);

-- name: purge_picture_words
DELETE FROM picture_words
WHERE NOT EXISTS (SELECT 1 FROM pictures e WHERE e.id = picture_words.picture_id)
   OR NOT EXISTS (SELECT 1 FROM words e WHERE e.id = picture_words.word_id);

-- name: purge_object_words
DELETE FROM object_words
WHERE NOT EXISTS (SELECT 1 FROM objects e WHERE e.id = object_words.object_id)
   OR NOT EXISTS (SELECT 1 FROM words e WHERE e.id = object_words.word_id);

-- name: purge_question_words
DELETE FROM question_words
WHERE NOT EXISTS (SELECT 1 FROM questions e WHERE e.id = question_words.question_id)
   OR NOT EXISTS (SELECT 1 FROM words e WHERE e.id = question_words.word_id);

-- name: purge_statement_words
DELETE FROM statement_words
WHERE NOT EXISTS (SELECT 1 FROM statements e WHERE e.id = statement_words.statement_id)
   OR NOT EXISTS (SELECT 1 FROM words e WHERE e.id = statement_words.word_id);

-- name: purge_pair_categories
DELETE FROM pair_categories
WHERE NOT EXISTS (SELECT 1 FROM pairs e WHERE e.id = pair_categories.pair_id)
   OR NOT EXISTS (SELECT 1 FROM categories e WHERE e.id = pair_categories.category_id);

-- The audios of a statement, question or word that is gone.
-- name: purge_audios
DELETE FROM audios
WHERE (source_table = 'statements'
       AND NOT EXISTS (SELECT 1 FROM statements e WHERE e.id = audios.source_id))
   OR (source_table = 'questions'
       AND NOT EXISTS (SELECT 1 FROM questions e WHERE e.id = audios.source_id))
   OR (source_table = 'words'
       AND NOT EXISTS (SELECT 1 FROM words e WHERE e.id = audios.source_id));

-- The labels of one object whose word is gone.
-- name: purge_object_labels
DELETE FROM object_words
WHERE object_id = :object_id
  AND NOT EXISTS (SELECT 1 FROM words e WHERE e.id = object_words.word_id);

-- The words of the object's questions that are gone.
-- name: purge_object_question_words
DELETE FROM question_words
WHERE question_id IN (SELECT id FROM questions WHERE object_id = :object_id)
  AND NOT EXISTS (SELECT 1 FROM words e WHERE e.id = question_words.word_id);
