-- Words (core/ports/content/words.hpp, WordRows; adapters/persistence/content/words.cpp),
-- unique by title_de_key = fold_case(title_de), which the C++ binds (never SQL lower(), which
-- folds differently in the two dialects), and their categories. Adding categories is each
-- dialect's own (content_locks.add_word_categories).

-- name: find
SELECT id, title_de, title_en, title_sv, level, status, CAST(created_at AS TEXT),
       CAST(updated_at AS TEXT)
FROM words WHERE id = :id;

-- name: find_by_title_key
SELECT id, title_de, title_en, title_sv, level, status, CAST(created_at AS TEXT),
       CAST(updated_at AS TEXT)
FROM words WHERE title_de_key = :title_de_key;

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor (content_pictures).
-- name: list
SELECT id, title_de, title_en, title_sv, level, status, CAST(created_at AS TEXT),
       CAST(updated_at AS TEXT)
FROM words
WHERE (:status_given = 0 OR status = :status) AND id > :after
ORDER BY id LIMIT :limit;

-- (:ids) is a list (Query::bind_list), at most 500 ids a time.
-- name: by_ids
SELECT id, title_de, title_en, title_sv, level, status, CAST(created_at AS TEXT),
       CAST(updated_at AS TEXT)
FROM words WHERE id IN (:ids) ORDER BY id;

-- The categories of many words at once; (:word_ids) is a list, at most 500 ids a time.
-- name: categories_of
SELECT wc.word_id, c.id, c.titel_de, c.titel_en, c.titel_sv
FROM word_categories wc JOIN categories c ON c.id = wc.category_id
WHERE wc.word_id IN (:word_ids) ORDER BY wc.word_id, c.id;

-- name: delete_categories
DELETE FROM word_categories WHERE word_id = :id;

-- The title is looked up first (find_by_title_key), so a known word costs no id. The unique key
-- settles a race: a concurrent transaction inserting the same key makes this INSERT wait for it
-- and then do nothing (PostgreSQL, READ COMMITTED): no row back, and a second lookup sees its
-- committed row.
-- name: insert
INSERT INTO words (id, title_de, title_de_key, title_en, title_sv, level, status, created_at,
                   updated_at)
VALUES (:id, :title_de, :title_de_key, :title_en, :title_sv, :level, :status, :created_at,
        :updated_at)
ON CONFLICT (title_de_key) DO NOTHING RETURNING id;

-- name: title_taken_by_other
SELECT COUNT(*) FROM words WHERE title_de_key = :title_de_key AND id <> :id;

-- The unique key settles a concurrent write of the same title (run_unless_taken).
-- name: update
UPDATE words SET title_de = :title_de, title_de_key = :title_de_key, title_en = :title_en,
       title_sv = :title_sv, level = :level, status = :status, updated_at = :updated_at
WHERE id = :id;

-- A word's delete ends with this, after its categories, its links (content_word_links.sql) and
-- its audios.
-- name: delete
DELETE FROM words WHERE id = :id;
