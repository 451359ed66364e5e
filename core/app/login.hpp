#pragma once
#include <string>

#include "core/app/learner_ports.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"

namespace ll {

struct LoginInput {
    LooseValue email;
    LooseValue password;
};

struct LoginOutput {  // 200
    Id id = 0;
    std::string email;
    std::string role;
    std::string native_lang;  // short_en of the native language, "de" when none
    std::string token;
    bool needs_profile = true;
};

Result<LoginOutput> login(LearnerPorts& ports, const LoginInput& input);

}  // namespace ll
