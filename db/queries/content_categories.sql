-- The categories of the content store (core/ports/content_store.hpp, CategoryRows;
-- adapters/persistence/content/categories.cpp). keep_category is each dialect's own
-- (content_locks.sql).

-- name: list
SELECT id, titel_de, titel_en, titel_sv FROM categories ORDER BY id;

-- name: find
SELECT id, titel_de, titel_en, titel_sv FROM categories WHERE id = :id;

-- The title is looked up before an id is drawn: in PostgreSQL an INSERT that ends in DO NOTHING
-- still uses up an identity value.
-- name: title_taken
SELECT COUNT(*) FROM categories WHERE titel_de = :titel_de;

-- The id is drawn first (adapters/persistence/sql_ids.hpp): categories are deleted since
-- migration 0010, and SQLite's max + 1 would hand a deleted one's id out again. ON CONFLICT
-- settles a concurrent insert of the same title: no row back.
-- name: insert
INSERT INTO categories (id, titel_de) VALUES (:id, :titel_de)
ON CONFLICT (titel_de) DO NOTHING RETURNING id;

-- name: title_taken_by_other
SELECT COUNT(*) FROM categories WHERE titel_de = :titel_de AND id <> :id;

-- The unique key settles a concurrent rename to the same title (run_unless_taken).
-- name: rename
UPDATE categories SET titel_de = :titel_de WHERE id = :id;

-- Only the titles a request names (:en_given, :sv_given = 1); the other keeps what a
-- concurrent write stored.
-- name: set_titles
UPDATE categories
SET titel_en = CASE WHEN :en_given = 1 THEN :titel_en ELSE titel_en END,
    titel_sv = CASE WHEN :sv_given = 1 THEN :titel_sv ELSE titel_sv END
WHERE id = :id;

-- name: pairs
SELECT pair_id FROM pair_categories WHERE category_id = :id ORDER BY pair_id;

-- A category's delete names every row naming it, in this order: the foreign keys cascade, but
-- the statements say what goes.
-- name: delete_word_links
DELETE FROM word_categories WHERE category_id = :id;

-- name: delete_pair_links
DELETE FROM pair_categories WHERE category_id = :id;

-- name: delete_stats
DELETE FROM user_category_stats WHERE category_id = :id;

-- name: delete
DELETE FROM categories WHERE id = :id;
