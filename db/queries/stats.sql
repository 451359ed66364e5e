-- GET /auth/stats (core/ports/stats.hpp) from the running totals the booking keeps (migration
-- 0004), in one statement prepared once per pooled session: the window's day rows (<= 84), the
-- profile's totals ('t') and per-answer-type counts ('s'), and the learner's category rows
-- ('c'); so its cost follows the window and the category count, never the number of practised
-- pairs or the length of the history. A category row also carries its English and Swedish
-- titles (the last two columns, null elsewhere). Dates are bound and read as text ("2026-11-25"); the
-- learner's id is bound once per place it is used (a name appears once in a statement).

-- name: load
SELECT 'd', CAST(activity_date AS TEXT), ep_earned, cards_done, correct_count, 0,
       CAST(NULL AS TEXT), CAST(NULL AS TEXT)
FROM user_daily_activity
WHERE user_id = :user_id_1 AND activity_date BETWEEN :first_day AND :last_day
UNION ALL
SELECT 't', timezone, pairs_practiced, total_seen, total_correct, daily_goal_ep, NULL, NULL
FROM users_public WHERE user_id = :user_id_2
UNION ALL
SELECT 's', 'word', word_seen, word_correct, 0, 0, NULL, NULL
FROM users_public WHERE user_id = :user_id_3
UNION ALL
SELECT 's', 'question', question_seen, question_correct, 0, 0, NULL, NULL
FROM users_public WHERE user_id = :user_id_4
UNION ALL
SELECT 's', 'text', text_seen, text_correct, 0, 0, NULL, NULL
FROM users_public WHERE user_id = :user_id_5
UNION ALL
SELECT 's', 'yes_no', yes_no_seen, yes_no_correct, 0, 0, NULL, NULL
FROM users_public WHERE user_id = :user_id_6
UNION ALL
SELECT 'c', cat.titel_de, cat.id, ucs.points, ucs.seen, 0, cat.titel_en, cat.titel_sv
FROM user_category_stats ucs JOIN categories cat ON cat.id = ucs.category_id
WHERE ucs.user_id = :user_id_7 AND ucs.points > 0;
