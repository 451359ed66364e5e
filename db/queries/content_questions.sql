-- Questions (core/ports/content/texts.hpp, TextRows; adapters/persistence/content/texts.cpp).

-- name: insert
INSERT INTO questions (id, object_id, text_de, text_en, text_sv, short_answer_de,
                       short_answer_en, short_answer_se, level, status, created_at, updated_at)
VALUES (:id, :object_id, :text_de, :text_en, :text_sv, :short_answer_de, :short_answer_en,
        :short_answer_se, :level, :status, :created_at, :updated_at);

-- name: find
SELECT id, object_id, text_de, text_en, text_sv, short_answer_de, short_answer_en,
       short_answer_se, level, status, CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM questions WHERE id = :id;

-- name: update
UPDATE questions SET object_id = :object_id, text_de = :text_de, text_en = :text_en,
       text_sv = :text_sv, short_answer_de = :short_answer_de,
       short_answer_en = :short_answer_en, short_answer_se = :short_answer_se, level = :level,
       status = :status, updated_at = :updated_at
WHERE id = :id;

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor (content_pictures).
-- name: list
SELECT id, object_id, text_de, text_en, text_sv, short_answer_de, short_answer_en,
       short_answer_se, level, status, CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM questions
WHERE (:object_id_given = 0 OR object_id = :object_id)
  AND (:status_given = 0 OR status = :status)
  AND id > :after
ORDER BY id LIMIT :limit;

-- A question's delete, in this order (its audios go between: content_audio.delete_of_item).
-- name: delete_word_links
DELETE FROM question_words WHERE question_id = :id;

-- name: unlink_pairs
UPDATE pairs SET question_id = NULL WHERE question_id = :id;

-- name: delete
DELETE FROM questions WHERE id = :id;
