-- Statements, the texts a pair shows (core/ports/content/texts.hpp, TextRows;
-- adapters/persistence/content/texts.cpp).

-- name: insert
INSERT INTO statements (id, text_de, text_en, text_sv, status, created_at, updated_at)
VALUES (:id, :text_de, :text_en, :text_sv, :status, :created_at, :updated_at);

-- A statement is read with its draft, if any (the view of migration 0026).
-- name: find
SELECT id, text_de, text_en, text_sv, status, created_at, updated_at, d_id, d_text_de, d_text_en,
       d_text_sv, d_status, d_updated_at
FROM statements_with_drafts WHERE id = :id;

-- name: update
UPDATE statements SET text_de = :text_de, text_en = :text_en, text_sv = :text_sv,
       status = :status, updated_at = :updated_at
WHERE id = :id;

-- A filter not given (:NAME_given = 0) passes every row; :after is the cursor (content_pictures).
-- name: list
SELECT id, text_de, text_en, text_sv, status, created_at, updated_at, d_id, d_text_de, d_text_en,
       d_text_sv, d_status, d_updated_at
FROM statements_with_drafts
WHERE (:status_given = 0 OR status = :status) AND id > :after
ORDER BY id LIMIT :limit;

-- The draft beside a live statement (core/domain/text_drafts.hpp): set or replaced, removed.
-- name: put_draft
INSERT INTO statement_drafts (statement_id, text_de, text_en, text_sv, status, updated_at)
VALUES (:id, :text_de, :text_en, :text_sv, :status, :updated_at)
ON CONFLICT (statement_id) DO UPDATE SET text_de = excluded.text_de, text_en = excluded.text_en,
       text_sv = excluded.text_sv, status = excluded.status, updated_at = excluded.updated_at;

-- name: drop_draft
DELETE FROM statement_drafts WHERE statement_id = :id;

-- A statement's delete, in this order (its audios go between: content_audio.delete_of_item).
-- name: delete_word_links
DELETE FROM statement_words WHERE statement_id = :id;

-- name: unlink_pairs
UPDATE pairs SET statement_id = NULL WHERE statement_id = :id;

-- name: delete
DELETE FROM statements WHERE id = :id;
