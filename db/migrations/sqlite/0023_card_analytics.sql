-- Card analytics for editors (docs/studio.md "Cards", docs/learning.md "Card analytics"); the
-- PostgreSQL migration of the same number says what each column holds.
ALTER TABLE review_log ADD COLUMN distractor_word_id INTEGER;
ALTER TABLE pairs ADD COLUMN revised_at TEXT;
