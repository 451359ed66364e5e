-- A password change or reset, a sign-out everywhere and a demotion end every studio session of
-- the account at once (docs/accounts.md "Staff credentials"): found by the account, not by a
-- scan of every staff member's sessions.
CREATE INDEX staff_sessions_user_idx ON staff_sessions (user_id);
