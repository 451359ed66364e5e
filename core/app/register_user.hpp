#pragma once
#include <string>

#include "core/app/learner_ports.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"

namespace ll {

struct RegisterInput {
    LooseValue email;
    LooseValue password;
};

struct UserSummary {
    Id id = 0;
    std::string email;
    std::string role;
    // What login answers as `native_lang` (an addition beside the spec's register fields): a client
    // reads one shape of `user` from both.
    std::string native_lang;
};

struct RegisterOutput {  // 201
    UserSummary user;
    std::string token;
    bool needs_profile = true;
    std::string refresh_token;  // the new device's first refresh token
};

// `user_agent` labels the session the registration opens (core/app/refresh_sessions.hpp).
Result<RegisterOutput> register_user(LearnerPorts& ports, const RegisterInput& input,
                                     std::string_view user_agent = {});

}  // namespace ll
