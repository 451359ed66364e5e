-- The learning engine's stored memory (core/ports/learning/memory.hpp; card_memory and
-- review_log, migration 0017). The booking writes both (adapters/persistence/sql_booking_*.cpp).

-- A learner's memory of every card, for the export.
-- name: of_learner
SELECT language_id, pair_id, phase, stability, difficulty, CAST(last_review_at AS TEXT),
       CAST(due_at AS TEXT), step, reps, lapses
FROM card_memory WHERE user_id = :user_id ORDER BY language_id, pair_id;

-- A learner's review log in booking order, for the export.
-- name: log_of_learner
SELECT pair_id, language_id, CAST(reviewed_at AS TEXT), rating, elapsed_days, retrievability,
       stability, difficulty, distractor_word_id
FROM review_log WHERE user_id = :user_id ORDER BY id;

-- The learner's latest :max_lines lines by review instant (a backward range of
-- review_log_user_idx), in booking order: what the parameter fit reads (a bounded read).
-- name: latest_of_learner
SELECT pair_id, language_id, CAST(reviewed_at AS TEXT), rating, elapsed_days, retrievability,
       stability, difficulty, distractor_word_id
FROM (SELECT id, pair_id, language_id, reviewed_at, rating, elapsed_days, retrievability,
             stability, difficulty, distractor_word_id
      FROM review_log WHERE user_id = :user_id
      ORDER BY reviewed_at DESC, id DESC LIMIT :max_lines) latest
ORDER BY id;
