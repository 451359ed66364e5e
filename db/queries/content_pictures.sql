-- Pictures (core/ports/content/pictures.hpp, PictureRows;
-- adapters/persistence/content/pictures.cpp). The list, whose title search each dialect spells
-- its own way, is in postgresql/ and sqlite/content_pictures.sql. Instants are bound and read
-- as wire-format text (adapters/persistence/queries.hpp); objects_created is bound as 1 or 0.

-- name: insert
INSERT INTO pictures (id, status, title, image_path, image_mime, thumbnail_path, phone_path,
                      width, height, objects_created, objects_created_at, created_at, updated_at)
VALUES (:id, :status, :title, :image_path, :image_mime, :thumbnail_path, :phone_path, :width,
        :height, :objects_created, :objects_created_at, :created_at, :updated_at);

-- name: find
SELECT id, status, title, image_path, image_mime, thumbnail_path, phone_path, width, height,
       CASE WHEN objects_created THEN 1 ELSE 0 END, CAST(objects_created_at AS TEXT),
       CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM pictures WHERE id = :id;

-- name: update
UPDATE pictures SET status = :status, title = :title, image_path = :image_path,
       image_mime = :image_mime, thumbnail_path = :thumbnail_path, phone_path = :phone_path,
       width = :width, height = :height, objects_created = :objects_created,
       objects_created_at = :objects_created_at, updated_at = :updated_at
WHERE id = :id;

-- A picture's delete, in this order: its objects go as an object's delete does it
-- (content_objects.sql), all at once; its pairs stay, without the picture.
-- name: delete_object_word_links
DELETE FROM object_words WHERE object_id IN (SELECT id FROM objects WHERE picture_id = :id);

-- name: unparent_objects
UPDATE objects SET parent_id = NULL
WHERE parent_id IN (SELECT id FROM objects WHERE picture_id = :id);

-- name: unlink_object_questions
UPDATE questions SET object_id = NULL
WHERE object_id IN (SELECT id FROM objects WHERE picture_id = :id);

-- name: unlink_object_pairs
UPDATE pairs SET object_id = NULL
WHERE object_id IN (SELECT id FROM objects WHERE picture_id = :id);

-- name: delete_objects
DELETE FROM objects WHERE picture_id = :id;

-- name: delete_word_links
DELETE FROM picture_words WHERE picture_id = :id;

-- name: unlink_pairs
UPDATE pairs SET picture_id = NULL WHERE picture_id = :id;

-- name: delete
DELETE FROM pictures WHERE id = :id;
