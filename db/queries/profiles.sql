-- Languages, learners' names and profiles (core/ports/profiles.hpp; languages, user_names and
-- users_public). Instants are read as wire-format text (adapters/persistence/queries.hpp).

-- name: published_languages
SELECT id, short_en, titel_de, titel_en, titel_sv, greeting FROM languages
WHERE status = 'published';

-- name: find_by_user
SELECT p.id, p.user_id, p.username_id, n.username, p.language_native_id, p.language_target_id,
       p.total_ep, p.streak_days, p.daily_goal_ep, CAST(p.last_practice_at AS TEXT), p.timezone
FROM users_public p JOIN user_names n ON n.id = p.username_id
WHERE p.user_id = :user_id;

-- GET /auth/me's read, prepared once per pooled session. The name as a subquery, not a third
-- join: PostgreSQL planned the join as a hash of the whole user_names table on every call while
-- the table is small (pgbench: 14,000 -> 21,000/s).
-- name: account_with_profile
SELECT u.id, u.email, u.password_hash, u.role, CASE WHEN u.is_active THEN 1 ELSE 0 END,
       u.language_native_id, p.id, p.username_id,
       (SELECT n.username FROM user_names n WHERE n.id = p.username_id),
       p.language_native_id, p.language_target_id, p.total_ep, p.streak_days, p.daily_goal_ep,
       CAST(p.last_practice_at AS TEXT), p.timezone
FROM users u LEFT JOIN users_public p ON p.user_id = u.id
WHERE u.id = :user_id;

-- name: username_taken
SELECT COUNT(*) FROM user_names WHERE username_lowercase = :lower;

-- name: profile_count
SELECT COUNT(*) FROM users_public WHERE user_id = :user_id;

-- The name belongs to its account: deleting the account frees it (migration 0011). No row back:
-- the name is taken, or the account has one already.
-- name: insert_name
INSERT INTO user_names (username, username_lowercase, user_id) VALUES (:username, :lower, :user_id)
ON CONFLICT DO NOTHING RETURNING id;

-- name: name_count
SELECT COUNT(*) FROM user_names WHERE user_id = :user_id;

-- name: insert_profile
INSERT INTO users_public (user_id, username_id, language_native_id, language_target_id, timezone)
VALUES (:user_id, :username_id, :native_id, :target_id, :timezone)
ON CONFLICT DO NOTHING RETURNING id;

-- The version rises: a booking decided with the old goal decides again.
-- name: set_daily_goal
UPDATE users_public SET daily_goal_ep = :goal, version = version + 1 WHERE user_id = :user_id;

-- The version rises: a booking state this or another process remembers was dated in the old zone
-- (sql_booking_guesses.hpp).
-- name: set_timezone
UPDATE users_public SET timezone = :timezone, version = version + 1 WHERE user_id = :user_id;

-- The version rises: a booking reviews the card's memory in the profile's target language.
-- name: set_target_language
UPDATE users_public SET language_target_id = :language_id, version = version + 1
WHERE user_id = :user_id;
