-- pgbench script for make bench: PostgreSQL's own ceiling for one booking (POST /auth/progress
-- without HTTP and without the C++ around it).
--
-- It MUST send exactly the SQL learner-api sends for a booking: keep it in step with
-- adapters/persistence/sql_booking_postgresql.cpp (the ll_book() call, migration 0004) and
-- adapters/persistence/sql_progress.cpp. Today: one prepared statement in autocommit, no
-- Idempotency-Key (the benchmark sends none: key NULL, fingerprint '', expiry = now).
-- booking_statements.sql is the statement-by-statement booking of commit 988044a; bench.py uses
-- it only when the database has no ll_book().
--
-- Variables from bench.py (pgbench -D): umin/umax (the learners' user ids, all with a profile),
-- pmin/pmax (existing pairs), today (YYYY-MM-DD in APP_TIMEZONE=UTC), now (ISO instant).
-- Run with -M prepared: learner-api prepares the call once per pooled session.
\set u random(:umin, :umax)
\set p random(:pmin, :pmax)
\set c random(0, 1)
\set pts random(1, 20)
SELECT status, CASE WHEN replayed THEN 1 ELSE 0 END, booked_at, previous_total_ep, total_ep,
       previous_streak_days, streak_days, daily_ep, daily_goal_ep, unlocked
  FROM ll_book(CAST(:u AS BIGINT), CAST(:p AS BIGINT), CAST(:c AS BOOLEAN), CAST(:pts AS BIGINT),
               CAST(:today AS DATE), CAST(:now AS TIMESTAMPTZ), CAST(NULL AS TEXT),
               CAST('' AS TEXT), CAST(:now AS TIMESTAMPTZ));
