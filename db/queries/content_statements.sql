-- Statements, the texts a pair shows (core/ports/content/texts.hpp, TextRows;
-- adapters/persistence/content/texts.cpp).

-- name: insert
INSERT INTO statements (id, text_de, text_en, text_sv, status, created_at, updated_at)
VALUES (:id, :text_de, :text_en, :text_sv, :status, :created_at, :updated_at);

-- name: find
SELECT id, text_de, text_en, text_sv, status, CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM statements WHERE id = :id;

-- name: update
UPDATE statements SET text_de = :text_de, text_en = :text_en, text_sv = :text_sv,
       status = :status, updated_at = :updated_at
WHERE id = :id;

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor (content_pictures).
-- name: list
SELECT id, text_de, text_en, text_sv, status, CAST(created_at AS TEXT), CAST(updated_at AS TEXT)
FROM statements
WHERE (:status_given = 0 OR status = :status) AND id > :after
ORDER BY id LIMIT :limit;

-- A statement's delete, in this order (its audios go between: content_audio.delete_of_item).
-- name: delete_word_links
DELETE FROM statement_words WHERE statement_id = :id;

-- name: unlink_pairs
UPDATE pairs SET statement_id = NULL WHERE statement_id = :id;

-- name: delete
DELETE FROM statements WHERE id = :id;
