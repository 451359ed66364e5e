-- The learning engine's memory (docs/learning.md "What is stored"): one row per learner, card
-- and target language once the card was answered in that language, written by the booking in
-- the statement that books the answer; and the review log, one row per booked answer.
--
-- card_memory's columns are ordered widest first so that PostgreSQL adds no padding: 46 bytes
-- of data, 48 with the row's alignment (docs/performance.md "Memory state"). pair_id and
-- language_id are narrower than the ids they reference (pairs and languages never come near
-- 2^31 and 2^15 rows). phase: 1 learning, 2 review, 3 relearning (a new card has no row).
CREATE TABLE card_memory (
    user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    due_at         TIMESTAMPTZ NOT NULL,
    last_review_at TIMESTAMPTZ NOT NULL,
    pair_id        INTEGER NOT NULL REFERENCES pairs (id) ON DELETE CASCADE,
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
-- A pair's removal finds its rows.
CREATE INDEX card_memory_pair_idx ON card_memory (pair_id);

-- The review log: what the memory model saw at each booked answer. elapsed_days is NULL for a
-- card's first review in the language. Keyed by learner first: the export, the account's removal
-- and the purge of old lines (REVIEW_LOG_DAYS) read one learner's range.
CREATE TABLE review_log (
    user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    id             BIGINT GENERATED ALWAYS AS IDENTITY,
    reviewed_at    TIMESTAMPTZ NOT NULL,
    pair_id        INTEGER NOT NULL REFERENCES pairs (id) ON DELETE CASCADE,
    elapsed_days   INTEGER,
    retrievability REAL NOT NULL,
    stability      REAL NOT NULL,
    difficulty     REAL NOT NULL,
    language_id    SMALLINT NOT NULL REFERENCES languages (id),
    rating         SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 4),
    PRIMARY KEY (user_id, id)
);
CREATE INDEX review_log_pair_idx ON review_log (pair_id);
CREATE INDEX review_log_reviewed_idx ON review_log (reviewed_at);
