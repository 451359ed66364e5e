-- Search in the studio's content lists (docs/authoring-guide.md "Content lists";
-- docs/performance.md "Content search at 100,000 items" has why these indexes): a term is found
-- anywhere in a statement's, question's or word's text, in any of the three languages,
-- case-folded ("katze" finds "Hauskatze").
--
-- One FTS5 index with the trigram tokenizer per table, external content (the text is read from
-- the table, the index holds trigrams only), kept up to date by triggers, so every writer of the
-- tables keeps it right; an update that leaves the texts as they were (a status change: the
-- statements write every column) leaves the index alone. A trigger's inner statements share
-- lines: the migration runner ends a statement at a line that ends in a semicolon
-- (adapters/persistence/migrations.cpp). Rows must not be written with INSERT OR REPLACE (its
-- delete skips the delete trigger); none of db/queries is.
CREATE VIRTUAL TABLE statements_search USING fts5(
    text_de, text_en, text_sv, content = 'statements', content_rowid = 'id', tokenize = 'trigram');
CREATE TRIGGER statements_search_inserted AFTER INSERT ON statements BEGIN
    INSERT INTO statements_search (rowid, text_de, text_en, text_sv)
    VALUES (new.id, new.text_de, new.text_en, new.text_sv); END;
CREATE TRIGGER statements_search_deleted AFTER DELETE ON statements BEGIN
    INSERT INTO statements_search (statements_search, rowid, text_de, text_en, text_sv)
    VALUES ('delete', old.id, old.text_de, old.text_en, old.text_sv); END;
CREATE TRIGGER statements_search_updated AFTER UPDATE OF text_de, text_en, text_sv ON statements
WHEN old.text_de IS NOT new.text_de OR old.text_en IS NOT new.text_en OR old.text_sv IS NOT new.text_sv BEGIN
    INSERT INTO statements_search (statements_search, rowid, text_de, text_en, text_sv)
    VALUES ('delete', old.id, old.text_de, old.text_en, old.text_sv); INSERT INTO statements_search
    (rowid, text_de, text_en, text_sv) VALUES (new.id, new.text_de, new.text_en, new.text_sv); END;
INSERT INTO statements_search (statements_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE questions_search USING fts5(
    text_de, text_en, text_sv, content = 'questions', content_rowid = 'id', tokenize = 'trigram');
CREATE TRIGGER questions_search_inserted AFTER INSERT ON questions BEGIN
    INSERT INTO questions_search (rowid, text_de, text_en, text_sv)
    VALUES (new.id, new.text_de, new.text_en, new.text_sv); END;
CREATE TRIGGER questions_search_deleted AFTER DELETE ON questions BEGIN
    INSERT INTO questions_search (questions_search, rowid, text_de, text_en, text_sv)
    VALUES ('delete', old.id, old.text_de, old.text_en, old.text_sv); END;
CREATE TRIGGER questions_search_updated AFTER UPDATE OF text_de, text_en, text_sv ON questions
WHEN old.text_de IS NOT new.text_de OR old.text_en IS NOT new.text_en OR old.text_sv IS NOT new.text_sv BEGIN
    INSERT INTO questions_search (questions_search, rowid, text_de, text_en, text_sv)
    VALUES ('delete', old.id, old.text_de, old.text_en, old.text_sv); INSERT INTO questions_search
    (rowid, text_de, text_en, text_sv) VALUES (new.id, new.text_de, new.text_en, new.text_sv); END;
INSERT INTO questions_search (questions_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE words_search USING fts5(
    title_de, title_en, title_sv, content = 'words', content_rowid = 'id', tokenize = 'trigram');
CREATE TRIGGER words_search_inserted AFTER INSERT ON words BEGIN
    INSERT INTO words_search (rowid, title_de, title_en, title_sv)
    VALUES (new.id, new.title_de, new.title_en, new.title_sv); END;
CREATE TRIGGER words_search_deleted AFTER DELETE ON words BEGIN
    INSERT INTO words_search (words_search, rowid, title_de, title_en, title_sv)
    VALUES ('delete', old.id, old.title_de, old.title_en, old.title_sv); END;
CREATE TRIGGER words_search_updated AFTER UPDATE OF title_de, title_en, title_sv ON words
WHEN old.title_de IS NOT new.title_de OR old.title_en IS NOT new.title_en OR old.title_sv IS NOT new.title_sv BEGIN
    INSERT INTO words_search (words_search, rowid, title_de, title_en, title_sv)
    VALUES ('delete', old.id, old.title_de, old.title_en, old.title_sv); INSERT INTO words_search
    (rowid, title_de, title_en, title_sv) VALUES (new.id, new.title_de, new.title_en, new.title_sv); END;
INSERT INTO words_search (words_search) VALUES ('rebuild');
