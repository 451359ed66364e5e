-- What the practice queue's exercises read beside the keys (core/ports/learning/answer_keys.hpp);
-- the keys themselves are in each dialect's file.

-- name: some_words
SELECT id, title_de, title_en, title_sv FROM words WHERE status = 'published' ORDER BY id
LIMIT :max_words;
