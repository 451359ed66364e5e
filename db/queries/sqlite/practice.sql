-- The practice queue's due cards on SQLite (db/queries/practice.sql has the rest; the PostgreSQL
-- file explains). Instants are wire-format text; julianday() reads them.

-- name: due
SELECT pair_id, phase, stability, difficulty, last_review_at, due_at, step, reps, lapses
FROM card_memory
WHERE user_id = :user_id AND language_id = :language_id AND due_at <= :now
ORDER BY CAST(julianday(:now_rank) - julianday(last_review_at) AS INTEGER) / stability DESC,
         due_at, pair_id
LIMIT :max_cards;
