-- The booking is decided in the core (core/domain/booking.cpp; docs/architecture.md
-- "Booking"): the database only stores what it decided. The threshold triggers of 0004 go; a
-- version on the profile guards each booking's write (a write whose version is no longer the
-- stored one changes nothing and the booking is decided again on a fresh read).
DROP TRIGGER achievements_inserted;
DROP TRIGGER achievements_updated;
DROP TRIGGER achievements_deleted;
DROP TRIGGER user_achievements_removed;

ALTER TABLE users_public ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
-- The next thresholds are now kept by the core: "not known" until each learner's next booking.
UPDATE users_public SET next_ep_threshold = 0, next_streak_threshold = 0;
