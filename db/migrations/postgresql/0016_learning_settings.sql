-- The learners' schedule settings (docs/learning.md "Settings"): a row once a learner changes
-- one; without it the defaults apply (desired retention 0.90, 20 new cards a day). Removed
-- with the account.
CREATE TABLE learning_settings (
    user_id           BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    desired_retention DOUBLE PRECISION NOT NULL,
    new_per_day       INTEGER NOT NULL,
    updated_at        TIMESTAMPTZ NOT NULL
);
