-- The learners' schedule settings and fitted parameters (core/ports/learning/settings.hpp;
-- learning_settings, migrations 0016 and 0018).

-- name: find
SELECT desired_retention, new_per_day, CAST(updated_at AS TEXT), weights, fitted_reviews,
       CAST(fitted_at AS TEXT)
FROM learning_settings WHERE user_id = :user_id;

-- One statement, so two changes at once each keep the other's fields: a new row takes the
-- given values over the defaults, a stored row changes only the fields the PUT named.
-- name: update
INSERT INTO learning_settings AS ls (user_id, desired_retention, new_per_day, updated_at)
VALUES (:user_id, :retention, :new_per_day, :at)
ON CONFLICT (user_id) DO UPDATE SET
    desired_retention = CASE WHEN :retention_given = 1 THEN excluded.desired_retention
                             ELSE ls.desired_retention END,
    new_per_day = CASE WHEN :new_per_day_given = 1 THEN excluded.new_per_day
                       ELSE ls.new_per_day END,
    updated_at = excluded.updated_at;

-- Whether the account still exists (the fit of a learner deleted meanwhile stores nothing).
-- name: account_exists
SELECT COUNT(*) FROM users WHERE id = :user_id;

-- The fit's parameters; a new row holds the default settings, a stored row keeps its settings
-- and updated_at.
-- name: store_parameters
INSERT INTO learning_settings AS ls
    (user_id, desired_retention, new_per_day, updated_at, weights, fitted_reviews, fitted_at)
VALUES (:user_id, :retention, :new_per_day, :at, :weights, :reviews, :fitted_at)
ON CONFLICT (user_id) DO UPDATE SET
    weights = excluded.weights,
    fitted_reviews = excluded.fitted_reviews,
    fitted_at = excluded.fitted_at;

-- Back to the defaults: a stored row only (any of the three set, a damaged value too).
-- name: clear_parameters
UPDATE learning_settings SET weights = NULL, fitted_reviews = NULL, fitted_at = NULL
WHERE user_id = :user_id
  AND (weights IS NOT NULL OR fitted_reviews IS NOT NULL OR fitted_at IS NOT NULL);

-- A change of the settings changes what a booking decides (the desired retention, the
-- parameters): the profile's
-- version moves with it, so a booking decided on the old settings decides again
-- (core/domain/booking.hpp BookingProfile).
-- name: touch_profile
UPDATE users_public SET version = version + 1 WHERE user_id = :user_id;
