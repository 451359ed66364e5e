-- The content's history (core/ports/content/changes.hpp, ChangeRows;
-- adapters/persistence/content/changes.cpp).

-- name: insert
INSERT INTO content_changes (at, editor_id, item, item_id, action, picture_id, before, after)
VALUES (:at, :editor_id, :item, :item_id, :action, :picture_id, :before, :after)
RETURNING id;

-- name: find
SELECT id, CAST(at AS TEXT), editor_id, item, item_id, action, picture_id, before, after
FROM content_changes WHERE id = :id;

-- Newest first, :before the cursor; one statement per filter, each a range of its own index
-- (migration 0027).
-- name: list_item
SELECT id, CAST(at AS TEXT), editor_id, item, item_id, action, picture_id, before, after
FROM content_changes
WHERE item = :item AND item_id = :item_id AND id < :before ORDER BY id DESC LIMIT :limit;

-- name: list_editor
SELECT id, CAST(at AS TEXT), editor_id, item, item_id, action, picture_id, before, after
FROM content_changes
WHERE editor_id = :editor_id AND id < :before ORDER BY id DESC LIMIT :limit;

-- name: list_picture
SELECT id, CAST(at AS TEXT), editor_id, item, item_id, action, picture_id, before, after
FROM content_changes
WHERE picture_id = :picture_id AND id < :before ORDER BY id DESC LIMIT :limit;

-- name: list_all
SELECT id, CAST(at AS TEXT), editor_id, item, item_id, action, picture_id, before, after
FROM content_changes
WHERE id < :before ORDER BY id DESC LIMIT :limit;
