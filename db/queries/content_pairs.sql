-- Pairs, a picture or object with a statement or question (core/ports/content/pairs.hpp,
-- PairRows; adapters/persistence/content/pairs.cpp). Adding categories is each dialect's
-- own (content_locks.add_pair_categories).

-- name: insert
INSERT INTO pairs (id, picture_id, object_id, statement_id, question_id, answer_type, level,
                   status, created_at, updated_at, revised_at)
VALUES (:id, :picture_id, :object_id, :statement_id, :question_id, :answer_type, :level,
        :status, :created_at, :updated_at, :revised_at);

-- name: find
SELECT id, picture_id, object_id, statement_id, question_id, answer_type, level, status,
       CAST(created_at AS TEXT), CAST(updated_at AS TEXT), CAST(revised_at AS TEXT)
FROM pairs WHERE id = :id;

-- name: update
UPDATE pairs SET picture_id = :picture_id, object_id = :object_id,
       statement_id = :statement_id, question_id = :question_id, answer_type = :answer_type,
       level = :level, status = :status, updated_at = :updated_at, revised_at = :revised_at
WHERE id = :id;

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor (content_pictures).
-- The count over the same filters is put together in C++ (SqlContentTx::count_pairs says why).
-- name: list
SELECT id, picture_id, object_id, statement_id, question_id, answer_type, level, status,
       CAST(created_at AS TEXT), CAST(updated_at AS TEXT), CAST(revised_at AS TEXT)
FROM pairs
WHERE (:picture_id_given = 0 OR picture_id = :picture_id)
  AND (:object_id_given = 0 OR object_id = :object_id)
  AND (:statement_id_given = 0 OR statement_id = :statement_id)
  AND (:question_id_given = 0 OR question_id = :question_id)
  AND (:status_given = 0 OR status = :status)
  AND id > :after
ORDER BY id LIMIT :limit;

-- A pair's delete; the learners' progress on it goes with it (ON DELETE CASCADE).
-- name: delete_category_links
DELETE FROM pair_categories WHERE pair_id = :id;

-- name: delete
DELETE FROM pairs WHERE id = :id;

-- name: categories
SELECT c.id, c.titel_de, c.titel_en, c.titel_sv
FROM pair_categories pc JOIN categories c ON c.id = pc.category_id
WHERE pc.pair_id = :pair_id ORDER BY c.id;
