-- pgbench script for make bench: the booking of commit 988044a (adapters/persistence/
-- sql_progress.cpp there), statement by statement, in one transaction. bench.py runs it instead
-- of booking.sql only when the database has no ll_book() function (a tree before migration
-- 0004). Variables as in booking.sql; run with -M prepared (the server prepared the five
-- booking statements once per session; the achievement query it prepared per booking).
--
-- Not sent here: the per-achievement INSERT ... ON CONFLICT DO NOTHING, which the server sends
-- only for a definition newly reached. In the benchmark every learner passes the EP thresholds
-- (20 .. 5000) within the first seconds of the progress scenario and the streak stays 1, so in
-- the steady state the booking sends none either. The streak is computed by the server from the
-- row it read (next_streak); a learner booking on one day keeps 1.
\set u random(:umin, :umax)
\set p random(:pmin, :pmax)
\set c random(0, 1)
\set w 1 - :c
\set pts random(1, 20)
BEGIN;
SELECT COUNT(*) FROM pairs WHERE id = :p;
SELECT total_ep, streak_days, daily_goal_ep, to_char(last_practice_date, 'YYYY-MM-DD')
  FROM users_public WHERE user_id = :u FOR UPDATE;
INSERT INTO user_pair_progress (user_id, pair_id, seen_count, correct_count, wrong_count, earned_points)
  VALUES (:u, :p, 1, :c, :w, :pts)
  ON CONFLICT (user_id, pair_id) DO UPDATE SET seen_count = user_pair_progress.seen_count + 1,
  correct_count = user_pair_progress.correct_count + excluded.correct_count,
  wrong_count = user_pair_progress.wrong_count + excluded.wrong_count,
  earned_points = user_pair_progress.earned_points + excluded.earned_points;
INSERT INTO user_daily_activity (user_id, activity_date, ep_earned, cards_done, correct_count)
  VALUES (:u, CAST(:today AS DATE), :pts, 1, :c)
  ON CONFLICT (user_id, activity_date) DO UPDATE SET
  ep_earned = user_daily_activity.ep_earned + excluded.ep_earned,
  cards_done = user_daily_activity.cards_done + 1,
  correct_count = user_daily_activity.correct_count + excluded.correct_count
  RETURNING ep_earned;
UPDATE users_public SET total_ep = total_ep + :pts, streak_days = 1,
  last_practice_at = CAST(:now AS TIMESTAMPTZ), last_practice_date = CAST(:today AS DATE)
  WHERE user_id = :u RETURNING total_ep;
SAVEPOINT achievements;
SELECT a.id, a.kind, a.threshold, a.title_de, a.title_en, a.title_sv, a.sort_order,
       to_char(ua.unlocked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  FROM achievements a LEFT JOIN user_achievements ua
  ON ua.achievement_id = a.id AND ua.user_id = :u ORDER BY a.sort_order, a.id;
RELEASE SAVEPOINT achievements;
COMMIT;
