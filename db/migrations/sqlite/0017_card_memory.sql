-- The learning engine's memory and review log (the PostgreSQL file explains). Instants are ISO
-- text in the wire format ("YYYY-MM-DDTHH:MM:SS.mmmZ").
CREATE TABLE card_memory (
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    language_id    INTEGER NOT NULL REFERENCES languages (id),
    pair_id        INTEGER NOT NULL,
    due_at         TEXT NOT NULL,
    last_review_at TEXT NOT NULL,
    stability      REAL NOT NULL,
    difficulty     REAL NOT NULL,
    reps           INTEGER NOT NULL,
    lapses         INTEGER NOT NULL,
    phase          INTEGER NOT NULL CHECK (phase BETWEEN 1 AND 3),
    step           INTEGER NOT NULL,
    PRIMARY KEY (user_id, language_id, pair_id)
) WITHOUT ROWID;
CREATE INDEX card_memory_due_idx ON card_memory (user_id, language_id, due_at);
CREATE INDEX pairs_practice_idx ON pairs (level, id) WHERE status = 'published';

CREATE TABLE review_log (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reviewed_at    TEXT NOT NULL,
    pair_id        INTEGER NOT NULL,
    language_id    INTEGER NOT NULL REFERENCES languages (id),
    rating         INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
    elapsed_days   INTEGER,
    retrievability REAL NOT NULL,
    stability      REAL NOT NULL,
    difficulty     REAL NOT NULL
);
CREATE INDEX review_log_user_idx ON review_log (user_id, reviewed_at);
