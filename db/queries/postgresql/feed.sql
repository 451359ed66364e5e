-- The feed's statements keyed by a list of pair ids, on PostgreSQL (db/queries/feed.sql has the
-- rest; db/queries/sqlite/feed.sql the same for SQLite): the ids as one array parameter
-- ('{3,17,42}'), so the text never changes and each pooled session prepares it once; PostgreSQL
-- then plans it once too, where an IN list of as many parameters as ids is parsed and planned
-- on every request (docs/performance.md "The learning engine").

-- The entries of given pairs (the practice queue's cards), by the feed's rule.
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
WHERE p.status = 'published' AND pic.image_path IS NOT NULL
  AND p.id = ANY (CAST(:ids AS BIGINT[]))
  AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements'
              AND a.source_id = st.id AND a.language = :lang_present)
ORDER BY p.id;

-- The categories of a page's pairs.
-- name: pair_categories
SELECT pc.pair_id, c.id, c.titel_de FROM pair_categories pc JOIN categories c ON c.id = pc.category_id
WHERE pc.pair_id = ANY (CAST(:ids AS BIGINT[])) ORDER BY pc.pair_id, c.id;
