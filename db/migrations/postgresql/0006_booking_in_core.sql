-- The booking is decided in the core (core/domain/booking.cpp; docs/architecture.md
-- "Booking"): the database only stores what it decided. ll_book() and the threshold functions
-- and triggers of 0004 go; a version on the profile guards each booking's write instead of a
-- row lock inside a function (a write whose version is no longer the stored one changes
-- nothing and the booking is decided again on a fresh read).
--
-- Not a rolling upgrade: learner-api before this migration calls ll_book(), after it needs
-- users_public.version. Stop the old replicas, migrate, start the new ones
-- (docs/operations.md "Upgrading").
DROP TRIGGER achievements_changed ON achievements;
DROP TRIGGER user_achievements_removed ON user_achievements;
DROP FUNCTION ll_book(BIGINT, BIGINT, BOOLEAN, BIGINT, DATE, TIMESTAMPTZ, TEXT, TEXT, TIMESTAMPTZ);
DROP FUNCTION ll_reset_all_thresholds();
DROP FUNCTION ll_reset_user_thresholds();
DROP FUNCTION ll_next_threshold(BIGINT, TEXT);

ALTER TABLE users_public ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
-- The next thresholds are now kept by the core: "not known" until each learner's next booking.
UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0;
