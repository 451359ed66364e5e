-- The learners' fitted parameters (the PostgreSQL file explains).
ALTER TABLE learning_settings ADD COLUMN weights TEXT;
ALTER TABLE learning_settings ADD COLUMN fitted_reviews INTEGER;
ALTER TABLE learning_settings ADD COLUMN fitted_at TEXT;
