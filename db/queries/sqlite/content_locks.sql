-- The content statements that lock rows on PostgreSQL (db/queries/postgresql/content_locks.sql
-- says why), in SQLite's text: SQLite serialises writers already, so they lock nothing.

-- ItemLocks::lock_item, one statement per ItemKind (core/ports/content/item_locks.hpp).
-- name: pictures
SELECT id FROM pictures WHERE id = :id;

-- name: objects
SELECT id FROM objects WHERE id = :id;

-- name: words
SELECT id FROM words WHERE id = :id;

-- name: statements
SELECT id FROM statements WHERE id = :id;

-- name: questions
SELECT id FROM questions WHERE id = :id;

-- name: pairs
SELECT id FROM pairs WHERE id = :id;

-- name: categories
SELECT id FROM categories WHERE id = :id;

-- A category a write is about to link to (CategoryRows::keep_category).
-- name: keep_category
SELECT id, titel_de, titel_en, titel_sv FROM categories WHERE id = :id;

-- Only categories that exist are linked: one whose delete commits meanwhile is skipped instead
-- of failing the foreign key. (:category_ids) is a list (Query::bind_list).
-- name: add_pair_categories
INSERT INTO pair_categories (pair_id, category_id)
SELECT CAST(:pair_id AS BIGINT), id FROM categories WHERE id IN (:category_ids)
ON CONFLICT DO NOTHING;

-- The same for a word's categories.
-- name: add_word_categories
INSERT INTO word_categories (word_id, category_id)
SELECT CAST(:word_id AS BIGINT), id FROM categories WHERE id IN (:category_ids)
ON CONFLICT DO NOTHING;
