-- The studio's content lists (core/ports/content/lists.hpp; adapters/persistence/content/
-- lists.cpp): what a page's rows are read from once their ids are known. The filter, the search
-- and the order are put together in lists.cpp (each list's filters are optional and the search
-- is each dialect's own index). Each statement's columns are its table's `find`'s.

-- name: pairs
SELECT id, picture_id, object_id, statement_id, question_id, answer_type, level, status,
       CAST(created_at AS TEXT), CAST(updated_at AS TEXT), CAST(revised_at AS TEXT)
FROM pairs WHERE id IN (:ids);

-- Read with their drafts (the views of migration 0026), as content_statements.find does.
-- name: statements
SELECT id, text_de, text_en, text_sv, status, created_at, updated_at, d_id, d_text_de, d_text_en,
       d_text_sv, d_status, d_updated_at
FROM statements_with_drafts WHERE id IN (:ids);

-- name: questions
SELECT id, object_id, text_de, text_en, text_sv, short_answer_de, short_answer_en, short_answer_se,
       level, status, created_at, updated_at, d_id, d_text_de, d_text_en, d_text_sv,
       d_short_answer_de, d_short_answer_en, d_short_answer_se, d_level, d_status, d_updated_at
FROM questions_with_drafts WHERE id IN (:ids);

-- name: picture_titles
SELECT id, title FROM pictures WHERE id IN (:ids);

-- name: pair_categories
SELECT pair_id, category_id FROM pair_categories WHERE pair_id IN (:ids)
ORDER BY pair_id, category_id;

-- The audios of the texts of some statements, questions or words (:field_prefix text_ or title_;
-- not of a question's short answers), with the text each speaks.
-- name: text_audios
SELECT source_id, language, spoken_text FROM audios
WHERE source_table = :source_table AND source_id IN (:ids)
  AND source_field = :field_prefix || language;
