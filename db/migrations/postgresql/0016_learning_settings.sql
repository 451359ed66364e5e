-- The learners' schedule settings (docs/learning.md "Settings"): a row once a learner changes
-- one; without it the defaults apply (desired retention 0.90, 20 new cards a day). Removed
-- with the account.
-- Lint (tests/migrations/lint): new_per_day is 0 to 200, never an id.
-- squawk-ignore-file prefer-bigint-over-int
CREATE TABLE learning_settings (
    user_id           BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    desired_retention DOUBLE PRECISION NOT NULL,
    new_per_day       INTEGER NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL
);
