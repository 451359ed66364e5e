-- What grading an answer reads about a card (core/ports/learning/answer_keys.hpp), the same in
-- both dialects.

-- name: pair
SELECT p.answer_type, p.level, q.short_answer_de, q.short_answer_en, q.short_answer_se
FROM pairs p LEFT JOIN questions q ON q.id = p.question_id
WHERE p.id = :pair_id;

-- The label word of a `word` card's object, and the question's answer and distractor words.
-- name: words
SELECT w.id, w.title_de, w.title_en, w.title_sv, 'answer'
FROM pairs p
JOIN object_words ow ON ow.object_id = p.object_id AND ow.is_label
JOIN words w ON w.id = ow.word_id
WHERE p.id = :pair_id AND p.answer_type = 'word'
UNION ALL
SELECT w.id, w.title_de, w.title_en, w.title_sv, qw.role
FROM pairs p
JOIN question_words qw ON qw.question_id = p.question_id
JOIN words w ON w.id = qw.word_id
WHERE p.id = :pair_id2
ORDER BY 1, 5;
