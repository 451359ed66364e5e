-- The content feed (core/ports/feed.hpp) and the test seeder's few writes (ContentSeeder).

-- One page of published pairs after :after that have a picture image and statement audio in
-- :lang: the core's rule (core/domain/feed_rules.hpp) and audio choice (the recording of
-- text_<lang> first) in one query. :lang is bound once per place it is used (a name appears once
-- in a statement).
-- name: page
SELECT p.id, p.answer_type, p.level, st.text_de, st.text_en, st.text_sv,
       q.id, q.text_de, q.text_en, q.text_sv, q.short_answer_de, q.short_answer_en,
       q.short_answer_se, pic.image_path,
       (SELECT a.file_path FROM audios a
        WHERE a.source_table = 'statements' AND a.source_id = st.id AND a.language = :lang
        ORDER BY a.source_field = 'text_' || :lang_field DESC, a.id LIMIT 1),
       pic.phone_path
FROM pairs p JOIN pictures pic ON pic.id = p.picture_id
JOIN statements st ON st.id = p.statement_id
LEFT JOIN questions q ON q.id = p.question_id
WHERE p.status = 'published' AND pic.image_path IS NOT NULL AND p.id > :after
  AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements'
              AND a.source_id = st.id AND a.language = :lang_present)
ORDER BY p.id LIMIT :page_size;

-- The entries of given pairs (the practice queue's cards), by the same rule. The list is bound
-- as one parameter (adapters/persistence/dialect_sql.hpp with_id_array), so the text never
-- changes and each pooled session prepares it once; an IN list of as many parameters as ids
-- was parsed and planned on every request (docs/performance.md "The learning engine").
-- name: items
SELECT p.id, p.answer_type, p.level, st.text_de, st.text_en, st.text_sv,
       q.id, q.text_de, q.text_en, q.text_sv, q.short_answer_de, q.short_answer_en,
       q.short_answer_se, pic.image_path,
       (SELECT a.file_path FROM audios a
        WHERE a.source_table = 'statements' AND a.source_id = st.id AND a.language = :lang
        ORDER BY a.source_field = 'text_' || :lang_field DESC, a.id LIMIT 1),
       pic.phone_path
FROM pairs p JOIN pictures pic ON pic.id = p.picture_id
JOIN statements st ON st.id = p.statement_id
LEFT JOIN questions q ON q.id = p.question_id
WHERE p.status = 'published' AND pic.image_path IS NOT NULL AND p.id IN (:ids)
  AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements'
              AND a.source_id = st.id AND a.language = :lang_present)
ORDER BY p.id;

-- The categories of a page's pairs, in one query.
-- name: pair_categories
SELECT pc.pair_id, c.id, c.titel_de FROM pair_categories pc JOIN categories c ON c.id = pc.category_id
WHERE pc.pair_id IN (:ids) ORDER BY pc.pair_id, c.id;

-- A title given twice names one category: the upsert answers the existing row's id.
-- name: seed_category
INSERT INTO categories (titel_de) VALUES (:titel_de)
ON CONFLICT (titel_de) DO UPDATE SET titel_de = excluded.titel_de RETURNING id;

-- name: seed_pair
INSERT INTO pairs (id, answer_type, status) VALUES (:id, :answer_type, :status);

-- name: seed_pair_category
INSERT INTO pair_categories (pair_id, category_id) VALUES (:pair_id, :category_id)
ON CONFLICT DO NOTHING;

-- name: pair_count
SELECT COUNT(*) FROM pairs;
