-- The practice queue's due cards on PostgreSQL (db/queries/practice.sql has the rest): a range
-- of card_memory_due_idx, the least likely to be recalled first by the port's rank (whole days
-- since the last review over the stability, core/ports/learning/practice.hpp).

-- name: due
SELECT pair_id, phase, stability, difficulty, CAST(last_review_at AS TEXT), CAST(due_at AS TEXT),
       step, reps, lapses
FROM card_memory
WHERE user_id = :user_id AND language_id = :language_id AND due_at <= CAST(:now AS TIMESTAMPTZ)
ORDER BY floor(extract(epoch FROM (CAST(:now_rank AS TIMESTAMPTZ) - last_review_at)) / 86400)
         / stability DESC, due_at, pair_id
LIMIT :max_cards;
