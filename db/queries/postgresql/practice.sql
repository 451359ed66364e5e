-- The practice queue's due cards on PostgreSQL (db/queries/practice.sql has the rest): a range
-- of card_memory_due_idx, the least likely to be recalled first by the port's rank (whole days
-- since the last review over the stability, core/ports/learning/practice.hpp). date_part, not
-- extract: it computes in double precision where extract's numeric is several times slower
-- over the 2,000 due cards of a deep learner (docs/performance.md "The learning engine").

-- name: due
SELECT pair_id, phase, stability, difficulty, CAST(last_review_at AS TEXT), CAST(due_at AS TEXT),
       step, reps, lapses
FROM card_memory
WHERE user_id = :user_id AND language_id = :language_id AND due_at <= CAST(:now AS TIMESTAMPTZ)
ORDER BY floor(date_part('epoch', CAST(:now_rank AS TIMESTAMPTZ) - last_review_at) / 86400)
         / stability DESC, due_at, pair_id
LIMIT :max_cards;
