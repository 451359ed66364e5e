-- The learners' schedule settings (the PostgreSQL file explains). Instants are ISO text in the
-- wire format ("YYYY-MM-DDTHH:MM:SS.mmmZ").
CREATE TABLE learning_settings (
    user_id           INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    desired_retention REAL NOT NULL,
    new_per_day       INTEGER NOT NULL,
    updated_at        TEXT NOT NULL
);
