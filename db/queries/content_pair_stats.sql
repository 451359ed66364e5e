-- The learners' running totals of GET /auth/stats moved when staff change what a pair counts
-- for (PairRows::withdraw_pair_statistics, core/ports/content/pairs.hpp;
-- adapters/persistence/content/pairs.cpp says when each runs). Each moves the figures of
-- every learner with a progress row on the pair by that row's counts. The per-answer-type
-- columns (word_seen, text_correct, ...) are moved by a statement put together in C++: their
-- names are the answer type's.

-- Once, at the withdrawal: it locks the learners' profile rows in the order a booking does
-- (profile first, no deadlock), until the change and its restore commit, and a booking decided
-- on the old figures meanwhile decides again.
-- name: bump_versions
UPDATE users_public SET version = version + 1
WHERE user_id IN (SELECT user_id FROM user_pair_progress WHERE pair_id = :pair_id);

-- name: withdraw_categories
UPDATE user_category_stats SET
    points = points - (SELECT u.earned_points FROM user_pair_progress u
                       WHERE u.user_id = user_category_stats.user_id AND u.pair_id = :pair_id),
    seen = seen - (SELECT u.seen_count FROM user_pair_progress u
                   WHERE u.user_id = user_category_stats.user_id AND u.pair_id = :pair_id_2)
WHERE category_id IN (SELECT category_id FROM pair_categories WHERE pair_id = :pair_id_3)
  AND user_id IN (SELECT user_id FROM user_pair_progress WHERE pair_id = :pair_id_4);

-- A learner's row of a category may be missing (never practised in it): an upsert.
-- name: restore_categories
INSERT INTO user_category_stats (user_id, category_id, points, seen)
SELECT u.user_id, pc.category_id, u.earned_points, u.seen_count
FROM user_pair_progress u JOIN pair_categories pc ON pc.pair_id = u.pair_id
WHERE u.pair_id = :pair_id
ON CONFLICT (user_id, category_id) DO UPDATE SET
    points = user_category_stats.points + excluded.points,
    seen = user_category_stats.seen + excluded.seen;

-- name: withdraw_totals
UPDATE users_public SET pairs_practiced = pairs_practiced - 1,
    total_seen = total_seen - (SELECT u.seen_count FROM user_pair_progress u
                               WHERE u.user_id = users_public.user_id AND u.pair_id = :pair_id),
    total_correct = total_correct - (SELECT u.correct_count FROM user_pair_progress u
                                     WHERE u.user_id = users_public.user_id
                                       AND u.pair_id = :pair_id_2)
WHERE user_id IN (SELECT user_id FROM user_pair_progress WHERE pair_id = :pair_id_3);

-- name: restore_totals
UPDATE users_public SET pairs_practiced = pairs_practiced + 1,
    total_seen = total_seen + (SELECT u.seen_count FROM user_pair_progress u
                               WHERE u.user_id = users_public.user_id AND u.pair_id = :pair_id),
    total_correct = total_correct + (SELECT u.correct_count FROM user_pair_progress u
                                     WHERE u.user_id = users_public.user_id
                                       AND u.pair_id = :pair_id_2)
WHERE user_id IN (SELECT user_id FROM user_pair_progress WHERE pair_id = :pair_id_3);
