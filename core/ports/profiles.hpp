#pragma once
#include <optional>
#include <string_view>

#include "core/domain/entities.hpp"

namespace ll {

enum class CreateProfileStatus { created, profile_exists, username_taken };

struct CreateProfileOutcome {
    CreateProfileStatus status = CreateProfileStatus::created;
    Profile profile;  // filled when created
};

struct AccountWithProfile {
    Account account;
    std::optional<Profile> profile;  // nullopt until the learner made one
};

// users_public + user_names.
class ProfileRepository {
  public:
    virtual ~ProfileRepository() = default;
    virtual std::optional<Profile> find_by_user(Id user_id) = 0;
    // The account and its profile in one read (GET /auth/me); nullopt when there is no account.
    virtual std::optional<AccountWithProfile> find_account_with_profile(Id user_id) = 0;
    virtual bool username_taken(std::string_view username_lowercase) = 0;
    // One transaction: the user_names row and the users_public row, or neither (a failed
    // creation reserves no username). Races resolve to profile_exists / username_taken.
    virtual CreateProfileOutcome create(const NewProfile& profile) = 0;
    // false when the user has no profile. Raises the profile's booking version
    // (core/domain/booking.hpp BookingProfile): the goal is part of what a booking read.
    virtual bool set_daily_goal(Id user_id, std::int32_t goal) = 0;
    // A time zone per learner: the learner's IANA zone, nullopt for APP_TIMEZONE (the core checked
    // the name); false when the user has no profile. The version stays: a booking reads the zone
    // before it reads its state (core/app/book_progress.cpp).
    virtual bool set_timezone(Id user_id, const std::optional<std::string>& zone) = 0;
    // The language the learner practises now (the core checked it); false when the user has no
    // profile. Raises the version: a booking reviews the card in the profile's language.
    virtual bool set_target_language(Id user_id, Id language_id) = 0;
};

}  // namespace ll
