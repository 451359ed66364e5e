-- A learner's own IANA zone (docs/accounts.md "A time zone per learner"), which
-- defines their "today" for bookings, the streak and the statistics' window. NULL: the
-- service's APP_TIMEZONE. The core checks the name against the tz database before storing it.
-- A batch's client ids (POST /auth/progress/batch) need no table of their own: they are kept in
-- idempotency_keys behind a prefix a header key cannot hold (core/domain/booking.hpp).
ALTER TABLE users_public ADD COLUMN timezone TEXT;
