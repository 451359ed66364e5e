#pragma once
#include <string>

#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// What POST /auth/profile uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct ProfilePorts {
    AccountRepository& accounts;
    ProfileRepository& profiles;
    LanguageRepository& languages;
    const Clock& clock;
    template <typename From>
    ProfilePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : accounts(from.accounts),
          profiles(from.profiles),
          languages(from.languages),
          clock(from.clock) {}
};

struct CreateProfileInput {
    LooseValue username;
    LooseValue native_lang;  // language id: a positive integer or a string of digits
    LooseValue target_lang;
    // Optional IANA zone (missing or null: APP_TIMEZONE), checked after the spec's fields
    // (docs/accounts.md "A time zone per learner").
    LooseValue timezone = LooseValue::missing();
};

struct CreateProfileOutput {  // 201
    Id id = 0;
    Id user_id = 0;
    std::string username;
    Id language_native_id = 0;
    Id language_target_id = 0;
};

Result<CreateProfileOutput> create_profile(const ProfilePorts& ports, Id user_id,
                                           const CreateProfileInput& input);

}  // namespace ll
