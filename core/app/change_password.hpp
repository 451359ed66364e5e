#pragma once
// PUT /auth/password (docs/accounts.md "Passwords"): a signed-in learner sets a new password after
// confirming the current one.
#include <string_view>

#include "core/app/learner_ports.hpp"
#include "core/app/session_standing.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/login_throttle.hpp"

namespace ll {

struct ChangePasswordInput {
    LooseValue current_password;
    LooseValue new_password;
    std::string client_address;  // the lockout's key with the account
};

// In order: 404 `User not found` (the account is gone), 400 `new_password is required` or
// register's password messages (nothing tried, nothing counted), then the current password as
// DELETE /auth/me checks it (429 while locked, 401 `Invalid credentials`, a wrong one counted as
// a failed login). On success the new argon2id hash is stored and every other session of the
// account ends (refresh families and their access tokens); the caller's stays.
Result<Done> change_password(LearnerPorts& ports, SessionStanding& standing,
                             LoginThrottle& throttle, const TokenClaims& caller,
                             const ChangePasswordInput& input);

}  // namespace ll
