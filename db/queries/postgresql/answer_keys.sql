-- What grading and the practice queue's exercises read about cards (core/ports/learning/
-- answer_keys.hpp) on PostgreSQL: the ids arrive as one JSON array (db/queries/sqlite has the
-- same statements over json_each).

-- name: pairs
SELECT p.id, p.answer_type, p.level, q.short_answer_de, q.short_answer_en, q.short_answer_se,
       CAST(o.selections AS TEXT), pic.width, pic.height
FROM pairs p
LEFT JOIN questions q ON q.id = p.question_id
LEFT JOIN objects o ON o.id = p.object_id
LEFT JOIN pictures pic ON pic.id = p.picture_id
WHERE p.id IN (SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(:pair_ids AS JSON)))
ORDER BY p.id;

-- The label word of a `word` card's object first, then the question's answer and distractor
-- words by word id.
-- name: words
SELECT p.id, w.id, w.title_de, w.title_en, w.title_sv, 'label', 0
FROM pairs p
JOIN object_words ow ON ow.object_id = p.object_id AND ow.is_label
JOIN words w ON w.id = ow.word_id
WHERE p.answer_type = 'word'
  AND p.id IN (SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(:pair_ids AS JSON)))
UNION ALL
SELECT p.id, w.id, w.title_de, w.title_en, w.title_sv, qw.role, 1
FROM pairs p
JOIN question_words qw ON qw.question_id = p.question_id
JOIN words w ON w.id = qw.word_id
WHERE p.id IN (SELECT CAST(value AS BIGINT) FROM json_array_elements_text(CAST(:pair_ids2 AS JSON)))
ORDER BY 1, 7, 2, 6;

-- Published words in a category of one of the words and within :near ids of it (the words of
-- the same picture and the same editing session, likely), nearest first, at most :per_word for
-- each. A range of the primary key (word_id, category_id) for each word: `+c.category_id` keeps
-- the planner off the category index, which would read the whole of a large category.
-- name: category_words
SELECT shared, id, title_de, title_en, title_sv FROM (
    SELECT a.word_id AS shared, w.id, w.title_de, w.title_en, w.title_sv,
           ROW_NUMBER() OVER (PARTITION BY a.word_id ORDER BY abs(w.id - a.word_id), w.id) AS n
    FROM (SELECT DISTINCT a.word_id, c.word_id AS other
          FROM word_categories a
          JOIN word_categories c
            ON c.word_id BETWEEN a.word_id - :near AND a.word_id + :near2
           AND +c.category_id = a.category_id AND c.word_id <> a.word_id
          WHERE a.word_id IN (SELECT CAST(value AS BIGINT)
                              FROM json_array_elements_text(CAST(:word_ids AS JSON)))) a
    JOIN words w ON w.id = a.other AND w.status = 'published'
) ranked
WHERE n <= :per_word
ORDER BY shared, id;
