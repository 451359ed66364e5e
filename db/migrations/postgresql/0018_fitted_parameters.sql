-- The memory model's parameters fitted to a learner's review log by langlearn-admin
-- fit-schedules (docs/learning.md "Fitted parameters"), beside the learner's schedule settings:
-- the booking reads both in the statement it already makes. weights: the 21 numbers w0..w20,
-- comma separated, each printed so that it reads back exactly; NULL: the defaults schedule.
-- fitted_reviews: the review-log lines the fit read. A row the fit creates holds the default
-- settings.
-- Lint (tests/migrations/lint): fitted_reviews counts one learner's reviews, never an id.
-- squawk-ignore-file prefer-bigint-over-int
ALTER TABLE learning_settings ADD COLUMN weights TEXT;
ALTER TABLE learning_settings ADD COLUMN fitted_reviews INTEGER;
ALTER TABLE learning_settings ADD COLUMN fitted_at TIMESTAMPTZ;
