-- The content statements that lock rows (PostgreSQL's own text; SQLite's, without the locks,
-- is db/queries/sqlite/content_locks.sql). FOR UPDATE holds an item against every other write
-- until the transaction ends (ItemLocks::lock_item, core/ports/content/item_locks.hpp). FOR KEY
-- SHARE is a foreign key's own lock, taken on a row a write is about to link to: a delete of it
-- waits for it and it for a delete, which it then finds done (the row is skipped); updates of
-- other columns and other key shares do not wait.

-- ItemLocks::lock_item, one statement per ItemKind (core/ports/content/item_locks.hpp).
-- name: pictures
SELECT id FROM pictures WHERE id = :id FOR UPDATE;

-- name: objects
SELECT id FROM objects WHERE id = :id FOR UPDATE;

-- name: words
SELECT id FROM words WHERE id = :id FOR UPDATE;

-- name: statements
SELECT id FROM statements WHERE id = :id FOR UPDATE;

-- name: questions
SELECT id FROM questions WHERE id = :id FOR UPDATE;

-- name: pairs
SELECT id FROM pairs WHERE id = :id FOR UPDATE;

-- name: categories
SELECT id FROM categories WHERE id = :id FOR UPDATE;

-- A category a write is about to link to (CategoryRows::keep_category).
-- name: keep_category
SELECT id, titel_de, titel_en, titel_sv FROM categories WHERE id = :id FOR KEY SHARE;

-- Only categories that exist are linked: one whose delete commits meanwhile is skipped instead
-- of failing the foreign key. (:category_ids) is a list (Query::bind_list).
-- name: add_pair_categories
INSERT INTO pair_categories (pair_id, category_id)
SELECT CAST(:pair_id AS BIGINT), id FROM categories WHERE id IN (:category_ids)
FOR KEY SHARE
ON CONFLICT DO NOTHING;

-- The same for a word's categories.
-- name: add_word_categories
INSERT INTO word_categories (word_id, category_id)
SELECT CAST(:word_id AS BIGINT), id FROM categories WHERE id IN (:category_ids)
FOR KEY SHARE
ON CONFLICT DO NOTHING;
