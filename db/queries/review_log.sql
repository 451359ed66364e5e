-- The review log as the parameter fit reads it (core/ports/learning/review_log.hpp; review_log,
-- migration 0017). One learner's lines: card_memory.log_of_learner.

-- The learners with enough lines, by id: one pass over review_log_user_idx.
-- name: learners_with_reviews
SELECT user_id FROM review_log WHERE user_id > :after
GROUP BY user_id HAVING COUNT(*) >= :min_reviews
ORDER BY user_id LIMIT :limit;
