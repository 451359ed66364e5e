-- The objects marked on a picture (core/ports/content/objects.hpp, ObjectRows;
-- adapters/persistence/content/objects.cpp). selections is JSON text (JSONB in
-- PostgreSQL, which types the parameter from the column it is written to; TEXT in SQLite).

-- name: insert
INSERT INTO objects (id, picture_id, parent_id, user_notes, selections, status, created_at,
                     updated_at)
VALUES (:id, :picture_id, :parent_id, :user_notes, :selections, :status, :created_at,
        :updated_at);

-- name: find
SELECT id, picture_id, parent_id, user_notes, CAST(selections AS TEXT), status,
       CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM objects WHERE id = :id;

-- name: update
UPDATE objects SET picture_id = :picture_id, parent_id = :parent_id, user_notes = :user_notes,
       selections = :selections, status = :status, updated_at = :updated_at
WHERE id = :id;

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor (content_pictures).
-- name: list
SELECT id, picture_id, parent_id, user_notes, CAST(selections AS TEXT), status,
       CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM objects
WHERE (:picture_id_given = 0 OR picture_id = :picture_id)
  AND (:status_given = 0 OR status = :status)
  AND id > :after
ORDER BY id LIMIT :limit;

-- An object's delete, in this order.
-- name: delete_word_links
DELETE FROM object_words WHERE object_id = :id;

-- name: unparent_children
UPDATE objects SET parent_id = NULL WHERE parent_id = :id;

-- name: unlink_questions
UPDATE questions SET object_id = NULL WHERE object_id = :id;

-- name: unlink_pairs
UPDATE pairs SET object_id = NULL WHERE object_id = :id;

-- name: delete
DELETE FROM objects WHERE id = :id;
