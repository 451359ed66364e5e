-- The links between words and the pictures, objects, questions and statements that use them
-- (core/ports/content/word_links.hpp, WordLinkRows). One C++ implementation serves every link
-- table (adapters/persistence/content/word_links.cpp), driven by its descriptor
-- (content/sql_word_links.hpp): each table has the statements TABLE.list, .find, .insert,
-- .delete and .delete_of_word, and object_words also .set_flag. A link is looked up (find)
-- before it is inserted, so a known link costs no id; the INSERT's ON CONFLICT DO NOTHING settles a
-- concurrent insert of the same link (no row back), which a second lookup then finds.

-- name: picture_words.list
SELECT id, picture_id, word_id FROM picture_words WHERE picture_id = :picture_id ORDER BY id;

-- name: picture_words.find
SELECT id, picture_id, word_id FROM picture_words
WHERE picture_id = :picture_id AND word_id = :word_id;

-- name: picture_words.insert
INSERT INTO picture_words (id, picture_id, word_id) VALUES (:id, :picture_id, :word_id)
ON CONFLICT (picture_id, word_id) DO NOTHING RETURNING id;

-- name: picture_words.delete
DELETE FROM picture_words WHERE id = :id;

-- name: picture_words.delete_of_word
DELETE FROM picture_words WHERE word_id = :word_id;

-- name: object_words.list
SELECT id, object_id, word_id, CASE WHEN is_label THEN 1 ELSE 0 END FROM object_words
WHERE object_id = :object_id ORDER BY id;

-- name: object_words.find
SELECT id, object_id, word_id, CASE WHEN is_label THEN 1 ELSE 0 END FROM object_words
WHERE object_id = :object_id AND word_id = :word_id;

-- Linking an existing (object, word) again sets the flag as given.
-- name: object_words.set_flag
UPDATE object_words SET is_label = :is_label WHERE id = :id;

-- name: object_words.insert
INSERT INTO object_words (id, object_id, word_id, is_label)
VALUES (:id, :object_id, :word_id, :is_label)
ON CONFLICT (object_id, word_id) DO NOTHING RETURNING id;

-- name: object_words.delete
DELETE FROM object_words WHERE id = :id;

-- name: object_words.delete_of_word
DELETE FROM object_words WHERE word_id = :word_id;

-- name: question_words.list
SELECT id, question_id, word_id, role FROM question_words
WHERE question_id = :question_id ORDER BY id;

-- name: question_words.find
SELECT id, question_id, word_id, role FROM question_words
WHERE question_id = :question_id AND word_id = :word_id AND role = :role;

-- name: question_words.insert
INSERT INTO question_words (id, question_id, word_id, role)
VALUES (:id, :question_id, :word_id, :role)
ON CONFLICT (question_id, word_id, role) DO NOTHING RETURNING id;

-- name: question_words.delete
DELETE FROM question_words WHERE id = :id;

-- name: question_words.delete_of_word
DELETE FROM question_words WHERE word_id = :word_id;

-- name: statement_words.list
SELECT id, statement_id, word_id FROM statement_words
WHERE statement_id = :statement_id ORDER BY id;

-- name: statement_words.find
SELECT id, statement_id, word_id FROM statement_words
WHERE statement_id = :statement_id AND word_id = :word_id;

-- name: statement_words.insert
INSERT INTO statement_words (id, statement_id, word_id) VALUES (:id, :statement_id, :word_id)
ON CONFLICT (statement_id, word_id) DO NOTHING RETURNING id;

-- name: statement_words.delete
DELETE FROM statement_words WHERE id = :id;

-- name: statement_words.delete_of_word
DELETE FROM statement_words WHERE word_id = :word_id;
