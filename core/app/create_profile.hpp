#pragma once
#include <string>

#include "core/app/learner_ports.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"

namespace ll {

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

Result<CreateProfileOutput> create_profile(LearnerPorts& ports, Id user_id,
                                           const CreateProfileInput& input);

}  // namespace ll
