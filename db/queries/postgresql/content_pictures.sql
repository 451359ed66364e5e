-- PostgreSQL's own text of the picture list (db/queries/content_pictures.sql): its title search
-- folds ASCII letters only (translate), as SQLite's lower() does, so both answer alike; the
-- needle comes lower-cased (core/ports/content/pictures.hpp).

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor, on a first page
-- the lowest BIGINT (the content lists read alike: docs/architecture.md "SQL").
-- name: list
SELECT id, status, title, image_path, image_mime, thumbnail_path, phone_path, width, height,
       CASE WHEN objects_created THEN 1 ELSE 0 END, CAST(objects_created_at AS TEXT),
       CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM pictures
WHERE (:objects_created_given = 0 OR objects_created = :objects_created)
  AND (:status_given = 0 OR status = :status)
  AND (:title_contains_given = 0
       OR strpos(translate(title, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
                 :title_contains) > 0)
  AND id > :after
ORDER BY id LIMIT :limit;
