-- pgbench script for make bench: PostgreSQL's own ceiling for one booking (POST /auth/progress
-- without HTTP and without the C++ around it).
--
-- It sends what learner-api sends for a booking it knows nothing about yet: keep it in step
-- with adapters/persistence/sql_booking_read.cpp (the read) and sql_booking_postgresql.cpp
-- (the write guarded by the profile's version and what was read about the pair, in the shape
-- of the common booking: categories, nothing unlocked, no Idempotency-Key), both prepared once
-- per pooled session and run in autocommit: two round trips. In the steady state the server
-- skips the read (sql_booking_guesses.hpp); this script keeps it, so it is the ceiling of a
-- booking that reads.
--
-- Where it differs, and why: the rules run in C++ (core/domain/booking.cpp) between the two
-- statements; here the read also computes what the write needs (the categories as a JSON list,
-- the per-type increments), and the write keeps the streak and the thresholds as read. In the
-- benchmark every learner passes the EP thresholds within the first seconds and books on one
-- day, so in the steady state the server's write carries the same values. A write that finds
-- another version (two clients booking one learner at once) writes nothing here; the server
-- would read and decide again. The card's memory is written with fixed figures (the model
-- runs in C++, core/domain/memory_model.cpp), but its due instant moves at every booking as a
-- review's does: the index on it makes every such update a new row version (not HOT).
--
-- Variables from bench.py (pgbench -D): umin/umax (the learners' user ids, all with a profile),
-- pmin/pmax (existing pairs), today (YYYY-MM-DD in APP_TIMEZONE=UTC), now (ISO instant).
-- Run with -M prepared.
\set u random(:umin, :umax)
\set p random(:pmin, :pmax)
\set c random(0, 1)
\set w 1 - :c
\set pts random(1, 20)
\set due_hours random(24, 2400)
SELECT p.answer_type AS answer_type,
       (SELECT '[' || COALESCE(string_agg(CAST(category_id AS TEXT), ','), '') || ']'
          FROM pair_categories WHERE pair_id = :p) AS categories,
       up.version AS version, up.total_ep AS total, up.streak_days AS streak,
       up.daily_goal_ep AS goal, COALESCE(to_char(up.last_practice_date, 'YYYY-MM-DD'), '') AS last,
       up.next_ep_threshold AS next_ep, up.next_streak_threshold AS next_streak,
       CASE WHEN EXISTS (SELECT 1 FROM user_pair_progress WHERE user_id = :u AND pair_id = :p)
            THEN 0 ELSE 1 END AS first,
       CASE WHEN EXISTS (SELECT 1 FROM user_pair_progress WHERE user_id = :u AND pair_id = :p)
            THEN 1 ELSE 0 END AS practised,
       COALESCE((SELECT string_agg(CAST(category_id AS TEXT), ',' ORDER BY category_id)
                   FROM pair_categories WHERE pair_id = :p), '') AS guard_categories,
       COALESCE((SELECT ep_earned FROM user_daily_activity
                  WHERE user_id = :u AND activity_date = CAST(:today AS DATE)), 0) AS daily,
       CASE WHEN p.answer_type = 'word' THEN 1 ELSE 0 END AS ws,
       CASE WHEN p.answer_type = 'question' THEN 1 ELSE 0 END AS qs,
       CASE WHEN p.answer_type = 'text' THEN 1 ELSE 0 END AS xs,
       CASE WHEN p.answer_type = 'yes_no' THEN 1 ELSE 0 END AS ys,
       COALESCE(k.fingerprint, '') AS fingerprint,
       up.language_target_id AS language, COALESCE(ls.desired_retention, 0.9) AS retention,
       ls.weights AS weights, m.phase AS phase, m.stability AS stability,
       m.difficulty AS difficulty, CAST(m.last_review_at AS TEXT) AS last_review,
       CAST(m.due_at AS TEXT) AS due, m.step AS step, COALESCE(m.reps, 0) + 1 AS reps,
       COALESCE(m.lapses, 0) AS lapses
  FROM (SELECT 1 AS one) o LEFT JOIN pairs p ON p.id = :p
  LEFT JOIN users_public up ON up.user_id = :u
  LEFT JOIN idempotency_keys k ON k.user_id = :u AND k.key = CAST(NULL AS TEXT)
  LEFT JOIN learning_settings ls ON ls.user_id = :u
  LEFT JOIN card_memory m ON m.user_id = :u AND m.language_id = up.language_target_id
                         AND m.pair_id = :p \gset
\set newtotal :total + :pts
\set wc :ws * :c
\set qc :qs * :c
\set xc :xs * :c
\set yc :ys * :c
WITH prof AS (UPDATE users_public SET version = version + 1, total_ep = :newtotal,
                streak_days = :streak, last_practice_at = CAST(:now AS TIMESTAMPTZ),
                last_practice_date = CAST(:today AS DATE), next_ep_threshold = :next_ep,
                next_streak_threshold = :next_streak, pairs_practiced = pairs_practiced + :first,
                total_seen = total_seen + 1, total_correct = total_correct + :c,
                word_seen = word_seen + :ws, word_correct = word_correct + :wc,
                question_seen = question_seen + :qs, question_correct = question_correct + :qc,
                text_seen = text_seen + :xs, text_correct = text_correct + :xc,
                yes_no_seen = yes_no_seen + :ys, yes_no_correct = yes_no_correct + :yc
               WHERE user_id = :u AND version = :version
                 AND EXISTS (SELECT 1 FROM pairs WHERE id = :p AND answer_type = :answer_type)
                 AND COALESCE((SELECT string_agg(CAST(category_id AS TEXT), ',' ORDER BY category_id)
                                 FROM pair_categories WHERE pair_id = :p), '') = :guard_categories
                 AND EXISTS (SELECT 1 FROM user_pair_progress WHERE user_id = :u AND pair_id = :p)
                     = (CAST(:practised AS INTEGER) = 1)
               RETURNING user_id),
     pp AS (INSERT INTO user_pair_progress AS x (user_id, pair_id, seen_count, correct_count,
                                                 wrong_count, earned_points)
            SELECT user_id, CAST(:p AS BIGINT), 1, CAST(:c AS BIGINT), CAST(:w AS BIGINT),
                   CAST(:pts AS BIGINT) FROM prof
            ON CONFLICT (user_id, pair_id) DO UPDATE SET seen_count = x.seen_count + 1,
               correct_count = x.correct_count + excluded.correct_count,
               wrong_count = x.wrong_count + excluded.wrong_count,
               earned_points = x.earned_points + excluded.earned_points),
     day AS (INSERT INTO user_daily_activity AS d (user_id, activity_date, ep_earned, cards_done,
                                                  correct_count)
             SELECT user_id, CAST(:today AS DATE), CAST(:pts AS BIGINT), 1, CAST(:c AS BIGINT)
               FROM prof
             ON CONFLICT (user_id, activity_date) DO UPDATE SET
               ep_earned = d.ep_earned + excluded.ep_earned, cards_done = d.cards_done + 1,
               correct_count = d.correct_count + excluded.correct_count),
     cat AS (INSERT INTO user_category_stats AS cs (user_id, category_id, points, seen)
             SELECT prof.user_id, c.id, CAST(:pts AS BIGINT), 1 FROM prof JOIN categories c
                 ON c.id IN (SELECT CAST(value AS BIGINT)
                               FROM json_array_elements_text(CAST(:categories AS JSON)))
             ON CONFLICT (user_id, category_id) DO UPDATE SET points = cs.points + excluded.points,
                seen = cs.seen + 1),
     mem AS (INSERT INTO card_memory AS m (user_id, due_at, last_review_at, pair_id, stability,
                                           difficulty, language_id, reps, lapses, phase, step)
             SELECT user_id, CAST(:now AS TIMESTAMPTZ) + :due_hours * interval '1 hour',
                    CAST(:now AS TIMESTAMPTZ), CAST(:p AS INTEGER), CAST(3.17 AS REAL),
                    CAST(5.28 AS REAL), CAST(:language AS SMALLINT), CAST(:reps AS SMALLINT),
                    CAST(:lapses AS SMALLINT), CAST(2 AS SMALLINT), CAST(0 AS SMALLINT) FROM prof
             ON CONFLICT (user_id, language_id, pair_id) DO UPDATE SET due_at = excluded.due_at,
                last_review_at = excluded.last_review_at, stability = excluded.stability,
                difficulty = excluded.difficulty, reps = excluded.reps,
                lapses = excluded.lapses, phase = excluded.phase, step = excluded.step),
     log AS (INSERT INTO review_log (user_id, reviewed_at, pair_id, elapsed_days, retrievability,
                                     stability, difficulty, language_id, rating)
             SELECT user_id, CAST(:now AS TIMESTAMPTZ), CAST(:p AS INTEGER), 0,
                    CAST(0.9 AS REAL), CAST(3.17 AS REAL), CAST(5.28 AS REAL),
                    CAST(:language AS SMALLINT), CAST(3 - 2 * :w AS SMALLINT) FROM prof)
SELECT count(*) FROM prof;
