#pragma once
#include "core/domain/result.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// What GET /auth/check-username uses: made from the learner routes' LearnerPorts, or from a use
// case's ports that hold these members too.
struct UsernamePorts {
    ProfileRepository& profiles;
    template <typename From>
    UsernamePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : profiles(from.profiles) {}
};

struct CheckUsernameOutput {
    bool available = false;
};

// `username` is the raw query parameter (nullopt when absent).
Result<CheckUsernameOutput> check_username(const UsernamePorts& ports,
                                           const std::optional<std::string>& username);

}  // namespace ll
