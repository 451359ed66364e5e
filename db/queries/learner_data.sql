-- One learner's rows as a whole (core/ports/learner_data.hpp; docs/accounts.md "Deleting an
-- account and exporting its data"): the export's reads, all on one snapshot, every one by
-- :user_id, each table in a fixed order; and the deletion. Instants and dates are read as
-- wire-format text (adapters/persistence/queries.hpp).

-- name: account
SELECT id, email, password_hash, role, CASE WHEN is_active THEN 1 ELSE 0 END, language_native_id,
       CAST(created_at AS TEXT)
FROM users WHERE id = :user_id;

-- name: profile
SELECT p.id, p.username_id, n.username, p.language_native_id, p.language_target_id, p.total_ep,
       p.streak_days, p.daily_goal_ep, CAST(p.last_practice_at AS TEXT), p.timezone
FROM users_public p JOIN user_names n ON n.id = p.username_id
WHERE p.user_id = :user_id;

-- name: progress
SELECT pair_id, seen_count, correct_count, wrong_count, earned_points
FROM user_pair_progress WHERE user_id = :user_id ORDER BY pair_id;

-- name: daily
SELECT CAST(activity_date AS TEXT), ep_earned, cards_done, correct_count
FROM user_daily_activity WHERE user_id = :user_id ORDER BY activity_date;

-- name: achievements
SELECT achievement_id, CAST(unlocked_at AS TEXT)
FROM user_achievements WHERE user_id = :user_id ORDER BY unlocked_at, achievement_id;

-- name: idempotency_keys
SELECT key, CAST(created_at AS TEXT)
FROM idempotency_keys WHERE user_id = :user_id ORDER BY created_at, key;

-- The app's devices.
-- name: refresh_families
SELECT id, device, CAST(created_at AS TEXT), CAST(last_used_at AS TEXT), CAST(expires_at AS TEXT),
       CAST(revoked_at AS TEXT)
FROM refresh_families WHERE user_id = :user_id ORDER BY created_at, id;

-- The studio's sign-ins.
-- name: staff_sessions
SELECT id, CAST(created_at AS TEXT), CAST(expires_at AS TEXT), CAST(revoked_at AS TEXT)
FROM staff_sessions WHERE user_id = :user_id ORDER BY created_at, id;

-- name: password_resets
SELECT digest, CAST(created_at AS TEXT), CAST(expires_at AS TEXT), CAST(used_at AS TEXT)
FROM password_reset_tokens WHERE user_id = :user_id ORDER BY created_at, digest;

-- The account's row goes, and with it every row that references it: each learner table
-- references users ON DELETE CASCADE, user_names too since migration 0011 (SQLite sessions run
-- with foreign_keys = ON, database.cpp). The profile goes first, explicitly, because it
-- references its user_names row without a cascade; so does the review log, which references
-- nothing (migration 0019: a key would lock the account's row at every booking).
-- name: delete_profile
DELETE FROM users_public WHERE user_id = :user_id;

-- name: delete_review_log
DELETE FROM review_log WHERE user_id = :user_id;

-- name: delete_account
DELETE FROM users WHERE id = :user_id;
