-- Card analytics for editors (docs/studio.md "Cards", docs/learning.md "Card analytics").
--
-- review_log.distractor_word_id: the wrong choice a graded answer picked (the word offered as
-- that choice), NULL for every other line. Nullable without a default, so adding it rewrites
-- no row; the booking writes it in the statement that writes the line.
--
-- pairs.revised_at: when the pair's content last changed (its level, answer type, statement,
-- question or word links, changed through the pair): the figures count answers from then on,
-- older ones as the previous revision's. NULL: not changed since it was made.
--
-- Lint (tests/migrations/lint): distractor_word_id is INTEGER as review_log.pair_id is (words, as
-- pairs, never come near 2^31 rows; the log's lines stay narrow).
-- squawk-ignore-file prefer-bigint-over-int
ALTER TABLE review_log ADD COLUMN distractor_word_id INTEGER;
ALTER TABLE pairs ADD COLUMN revised_at TIMESTAMPTZ;
