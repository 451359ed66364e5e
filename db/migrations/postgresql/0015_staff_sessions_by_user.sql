-- A password change or reset, a sign-out everywhere and a demotion end every studio session of
-- the account at once (docs/accounts.md "Staff credentials"): found by the account, not by a
-- scan of every staff member's sessions.
-- Lint (tests/migrations/lint): staff_sessions holds a few rows per editor (sessions expire),
-- so the index is built in milliseconds inside the runner's transaction.
-- squawk-ignore-file require-concurrent-index-creation
CREATE INDEX staff_sessions_user_idx ON staff_sessions (user_id);
