-- The content feed (core/ports/feed.hpp) and the test seeder's few writes (ContentSeeder).

-- One page of published pairs after :after that have a picture image and statement audio in
-- :lang: the core's rule (core/domain/feed_rules.hpp) and audio choices (the statement's
-- recording of text_<lang> first; the question's of text_<lang> only) in one query; the inner
-- join on the chosen statement audio is the rule's "has audio". :lang is bound once per place it
-- is used (a name appears once in a statement).
-- name: page
SELECT p.id, p.answer_type, p.level, st.text_de, st.text_en, st.text_sv,
       q.id, q.text_de, q.text_en, q.text_sv, q.short_answer_de, q.short_answer_en,
       q.short_answer_se, pic.image_path, pic.phone_path,
       sa.file_path, sa.mime, sa.duration_ms, sa.bytes, sa.opus_path, sa.opus_bytes, sa.aac_path,
       sa.aac_bytes, sa.variants_of,
       qa.file_path, qa.mime, qa.duration_ms, qa.bytes, qa.opus_path, qa.opus_bytes, qa.aac_path,
       qa.aac_bytes, qa.variants_of, pic.thumbnail_path, pic.width, pic.height
FROM pairs p JOIN pictures pic ON pic.id = p.picture_id
JOIN statements st ON st.id = p.statement_id
JOIN audios sa ON sa.id = (SELECT a.id FROM audios a
    WHERE a.source_table = 'statements' AND a.source_id = st.id AND a.language = :lang
    ORDER BY a.source_field = 'text_' || :lang_field DESC, a.id LIMIT 1)
LEFT JOIN questions q ON q.id = p.question_id
LEFT JOIN audios qa ON qa.source_table = 'questions' AND qa.source_id = q.id
    AND qa.source_field = 'text_' || :question_field AND qa.language = :question_lang
WHERE p.status = 'published' AND pic.image_path IS NOT NULL AND p.id > :after
ORDER BY p.id LIMIT :page_size;

-- The entries of given pairs (the practice queue's cards), by the same rule. The list is bound
-- as one parameter (adapters/persistence/dialect_sql.hpp with_id_array), so the text never
-- changes and each pooled session prepares it once; an IN list of as many parameters as ids
-- was parsed and planned on every request (docs/performance.md "The learning engine").
-- name: items
SELECT p.id, p.answer_type, p.level, st.text_de, st.text_en, st.text_sv,
       q.id, q.text_de, q.text_en, q.text_sv, q.short_answer_de, q.short_answer_en,
       q.short_answer_se, pic.image_path, pic.phone_path,
       sa.file_path, sa.mime, sa.duration_ms, sa.bytes, sa.opus_path, sa.opus_bytes, sa.aac_path,
       sa.aac_bytes, sa.variants_of,
       qa.file_path, qa.mime, qa.duration_ms, qa.bytes, qa.opus_path, qa.opus_bytes, qa.aac_path,
       qa.aac_bytes, qa.variants_of, pic.thumbnail_path, pic.width, pic.height
FROM pairs p JOIN pictures pic ON pic.id = p.picture_id
JOIN statements st ON st.id = p.statement_id
JOIN audios sa ON sa.id = (SELECT a.id FROM audios a
    WHERE a.source_table = 'statements' AND a.source_id = st.id AND a.language = :lang
    ORDER BY a.source_field = 'text_' || :lang_field DESC, a.id LIMIT 1)
LEFT JOIN questions q ON q.id = p.question_id
LEFT JOIN audios qa ON qa.source_table = 'questions' AND qa.source_id = q.id
    AND qa.source_field = 'text_' || :question_field AND qa.language = :question_lang
WHERE p.status = 'published' AND pic.image_path IS NOT NULL AND p.id IN (:ids)
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
