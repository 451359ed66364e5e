-- The learning engine's memory (docs/learning.md "What is stored"): one row per learner, card
-- and target language once the card was answered in that language, written by the booking in
-- the statement that books the answer; and the review log, one row per booked answer.
--
-- card_memory's columns are ordered widest first so that PostgreSQL adds no padding: 46 bytes
-- of data, 48 with the row's alignment (docs/performance.md "Memory state"). pair_id and
-- language_id are narrower than the ids they reference (pairs and languages never come near
-- 2^31 and 2^15 rows). phase: 1 learning, 2 review, 3 relearning (a new card has no row).
-- Lint (tests/migrations/lint): the narrow columns are chosen (as said above: pair_id and
-- language_id narrower than the ids they reference, small counters and enums as SMALLINT), and
-- the index is on a table this file creates, empty until the booking writes it.
-- squawk-ignore-file prefer-bigint-over-int, prefer-bigint-over-smallint, require-concurrent-index-creation
CREATE TABLE card_memory (
    user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    due_at         TIMESTAMPTZ NOT NULL,
    last_review_at TIMESTAMPTZ NOT NULL,
    pair_id        INTEGER NOT NULL,
    stability      REAL NOT NULL,
    difficulty     REAL NOT NULL,
    language_id    SMALLINT NOT NULL REFERENCES languages (id),
    reps           SMALLINT NOT NULL,
    lapses         SMALLINT NOT NULL,
    phase          SMALLINT NOT NULL CHECK (phase BETWEEN 1 AND 3),
    step           SMALLINT NOT NULL,
    PRIMARY KEY (user_id, language_id, pair_id)
);
-- The practice queue's due cards: a range of this index, not a scan of the learner's cards.
CREATE INDEX card_memory_due_idx ON card_memory (user_id, language_id, due_at);
-- pair_id has no foreign key: a pair's removal would have to find its rows among every
-- learner's, one more index for every review to keep. Every read joins pairs, so the rows of a
-- removed pair are never seen; the export lists them as they are.

-- The practice queue's new cards: published pairs by level, then id.
CREATE INDEX pairs_practice_idx ON pairs (level, id) WHERE status = 'published';

-- The review log: what the memory model saw at each booked answer. elapsed_days is NULL for a
-- card's first review in the language. One index, by learner and answer time: the export, the
-- account's removal, the queue's "new cards started today" and the purge of one learner's old
-- lines (REVIEW_LOG_DAYS) read a range of it; id only keeps the booking order. pair_id has no
-- foreign key: the log is history, a removed pair's lines stay.
CREATE TABLE review_log (
    user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    id             BIGINT GENERATED ALWAYS AS IDENTITY,
    reviewed_at    TIMESTAMPTZ NOT NULL,
    pair_id        INTEGER NOT NULL,
    elapsed_days   INTEGER,
    retrievability REAL NOT NULL,
    stability      REAL NOT NULL,
    difficulty     REAL NOT NULL,
    language_id    SMALLINT NOT NULL REFERENCES languages (id),
    rating         SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 4)
);
CREATE INDEX review_log_user_idx ON review_log (user_id, reviewed_at);
