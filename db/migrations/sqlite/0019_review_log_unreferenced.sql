-- The review log without foreign keys (the PostgreSQL file explains). SQLite cannot drop a
-- constraint: the table is made again and its lines copied, ids kept.
CREATE TABLE review_log_unreferenced (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL,
    reviewed_at    TEXT NOT NULL,
    pair_id        INTEGER NOT NULL,
    language_id    INTEGER NOT NULL,
    rating         INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
    elapsed_days   INTEGER,
    retrievability REAL NOT NULL,
    stability      REAL NOT NULL,
    difficulty     REAL NOT NULL
);
INSERT INTO review_log_unreferenced (id, user_id, reviewed_at, pair_id, language_id, rating,
                                     elapsed_days, retrievability, stability, difficulty)
SELECT id, user_id, reviewed_at, pair_id, language_id, rating, elapsed_days, retrievability,
       stability, difficulty
FROM review_log;
DROP TABLE review_log;
ALTER TABLE review_log_unreferenced RENAME TO review_log;
CREATE INDEX review_log_user_idx ON review_log (user_id, reviewed_at);
