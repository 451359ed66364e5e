-- The booking's transaction lock, the background purge of the booking's keys, and the
-- achievements (core/ports/progress.hpp, core/ports/achievements.hpp). The booking's own reads
-- and writes are in adapters/persistence/sql_booking_*.cpp. The lock is each dialect's own
-- (postgresql/ and sqlite/progress.sql).

-- The Idempotency-Key records older than :before; the offline batch's client ids (the keys
-- behind :prefix, core's kBatchClientIdPrefix, compared as a bound value) are left alone.
-- name: purge_idempotency_keys
DELETE FROM idempotency_keys
WHERE created_at < :before AND substr(key, 1, :prefix_length) <> :prefix;

-- The offline batch's client ids older than :before.
-- name: purge_batch_client_ids
DELETE FROM idempotency_keys
WHERE created_at < :before AND substr(key, 1, :prefix_length) = :prefix;

-- The review log's retention (REVIEW_LOG_DAYS), a batch of learners at a time: the last of the
-- next :learners accounts after :after, then their lines answered before :before, but each
-- card's last line, which GET /auth/cards's position needs (core/ports/learning/practice.hpp).
-- Only the old lines are read: one range of review_log_user_idx per learner (user_id equal,
-- reviewed_at below the cutoff), and for each the card's memory by its key. A card's last line
-- is the one at the memory's last review (the booking writes both from one review).
-- name: last_of_learners
SELECT MAX(id) FROM (SELECT id FROM users WHERE id > :after ORDER BY id LIMIT :learners) batch;

-- name: purge_reviews
DELETE FROM review_log
WHERE user_id IN (SELECT id FROM users WHERE id > :after AND id <= :last)
  AND reviewed_at < :before
  AND NOT EXISTS (SELECT 1 FROM card_memory m
                  WHERE m.user_id = review_log.user_id AND m.language_id = review_log.language_id
                    AND m.pair_id = review_log.pair_id
                    AND m.last_review_at = review_log.reviewed_at);

-- Every definition in display order with this learner's unlock time.
-- name: definitions
SELECT a.id, a.kind, a.threshold, a.title_de, a.title_en, a.title_sv, a.sort_order,
       CAST(ua.unlocked_at AS TEXT)
FROM achievements a
LEFT JOIN user_achievements ua ON ua.achievement_id = a.id AND ua.user_id = :user_id
ORDER BY a.sort_order, a.id;

-- name: save_definition
INSERT INTO achievements (id, kind, threshold, title_de, title_en, title_sv, sort_order)
VALUES (:id, :kind, :threshold, :title_de, :title_en, :title_sv, :sort_order)
ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, threshold = excluded.threshold,
  title_de = excluded.title_de, title_en = excluded.title_en, title_sv = excluded.title_sv,
  sort_order = excluded.sort_order;

-- After a definition changed, every learner's thresholds are "not known" again; a booking
-- decided on the old ones meanwhile decides again (version + 1).
-- name: forget_thresholds
UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0, version = version + 1;

-- name: revoke
DELETE FROM user_achievements WHERE user_id = :user_id AND achievement_id = :achievement_id;

-- The same for one learner, after one of theirs was revoked.
-- name: forget_user_thresholds
UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0, version = version + 1
WHERE user_id = :user_id;
