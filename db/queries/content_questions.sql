-- Questions (core/ports/content/texts.hpp, TextRows; adapters/persistence/content/texts.cpp).

-- name: insert
INSERT INTO questions (id, object_id, text_de, text_en, text_sv, short_answer_de,
                       short_answer_en, short_answer_se, level, status, created_at, updated_at)
VALUES (:id, :object_id, :text_de, :text_en, :text_sv, :short_answer_de, :short_answer_en,
        :short_answer_se, :level, :status, :created_at, :updated_at);

-- A question is read with its draft, if any (as a statement: content_statements.sql).
-- name: find
SELECT id, object_id, text_de, text_en, text_sv, short_answer_de, short_answer_en, short_answer_se,
       level, status, created_at, updated_at, d_id, d_text_de, d_text_en, d_text_sv,
       d_short_answer_de, d_short_answer_en, d_short_answer_se, d_level, d_status, d_updated_at
FROM questions_with_drafts WHERE id = :id;

-- name: update
UPDATE questions SET object_id = :object_id, text_de = :text_de, text_en = :text_en,
       text_sv = :text_sv, short_answer_de = :short_answer_de,
       short_answer_en = :short_answer_en, short_answer_se = :short_answer_se, level = :level,
       status = :status, updated_at = :updated_at
WHERE id = :id;

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor (content_pictures).
-- name: list
SELECT id, object_id, text_de, text_en, text_sv, short_answer_de, short_answer_en, short_answer_se,
       level, status, created_at, updated_at, d_id, d_text_de, d_text_en, d_text_sv,
       d_short_answer_de, d_short_answer_en, d_short_answer_se, d_level, d_status, d_updated_at
FROM questions_with_drafts
WHERE (:object_id_given = 0 OR object_id = :object_id)
  AND (:status_given = 0 OR status = :status)
  AND id > :after
ORDER BY id LIMIT :limit;

-- name: put_draft
INSERT INTO question_drafts (question_id, text_de, text_en, text_sv, short_answer_de,
                             short_answer_en, short_answer_se, level, status, updated_at)
VALUES (:id, :text_de, :text_en, :text_sv, :short_answer_de, :short_answer_en,
        :short_answer_se, :level, :status, :updated_at)
ON CONFLICT (question_id) DO UPDATE SET text_de = excluded.text_de,
       text_en = excluded.text_en, text_sv = excluded.text_sv,
       short_answer_de = excluded.short_answer_de, short_answer_en = excluded.short_answer_en,
       short_answer_se = excluded.short_answer_se, level = excluded.level,
       status = excluded.status, updated_at = excluded.updated_at;

-- name: drop_draft
DELETE FROM question_drafts WHERE question_id = :id;

-- A question's delete, in this order (its audios go between: content_audio.delete_of_item).
-- name: delete_word_links
DELETE FROM question_words WHERE question_id = :id;

-- name: unlink_pairs
UPDATE pairs SET question_id = NULL WHERE question_id = :id;

-- name: delete
DELETE FROM questions WHERE id = :id;
