#pragma once
#include "core/app/learner_ports.hpp"
#include "core/domain/result.hpp"

namespace ll {

struct CheckUsernameOutput {
    bool available = false;
};

// `username` is the raw query parameter (nullopt when absent).
Result<CheckUsernameOutput> check_username(LearnerPorts& ports,
                                           const std::optional<std::string>& username);

}  // namespace ll
