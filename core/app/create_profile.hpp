#pragma once
#include <string>

#include "core/app/requests/decoder.hpp"
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

// POST /auth/profile's body. Decoding answers, in this order: 400 profile_fields_required (a
// field missing, or of a type that counts as missing), the username's shape, the two languages
// the same. The rest is answered after the lookups (create_profile).
struct CreateProfileRequest {
    std::string username;  // trimmed
    // Language ids: a positive integer or a string of digits; nullopt for a value that is none
    // (400 invalid_language_ids, as for an id no published language has).
    std::optional<Id> native_lang, target_lang;
    // Optional IANA zone (missing or null: APP_TIMEZONE), checked after the spec's fields
    // (docs/accounts.md "A time zone per learner"): a value that is no string is refused then.
    fields::Deferred<std::optional<std::string>> timezone;
};
template <>
Result<CreateProfileRequest> decode<CreateProfileRequest>(const LooseValue& body);

struct CreateProfileOutput {  // 201
    Id id = 0;
    Id user_id = 0;
    std::string username;
    Id language_native_id = 0;
    Id language_target_id = 0;
};

Result<CreateProfileOutput> create_profile(const ProfilePorts& ports, Id user_id,
                                           const CreateProfileRequest& request);

}  // namespace ll
