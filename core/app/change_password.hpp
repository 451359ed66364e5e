#pragma once
// PUT /auth/password (docs/accounts.md "Passwords"): a signed-in learner sets a new password after
// confirming the current one.
#include <string_view>

#include "core/app/account_sessions.hpp"
#include "core/app/requests/decoder.hpp"
#include "core/app/session_standing.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/login_throttle.hpp"
#include "core/ports/password_resets.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

// What PUT /auth/password uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct PasswordChangePorts {
    AccountRepository& accounts;
    PasswordHasher& hasher;
    PasswordResetRepository& password_resets;
    RefreshSessionRepository& sessions;
    StaffSessionRepository& staff_sessions;
    const Clock& clock;
    template <typename From>
    PasswordChangePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : accounts(from.accounts),
          hasher(from.hasher),
          password_resets(from.password_resets),
          sessions(from.sessions),
          staff_sessions(from.staff_sessions),
          clock(from.clock) {}
};

// PUT /auth/password's body; decoding refuses nothing (the problems are answered after the
// account's lookup, in the order below).
struct ChangePasswordRequest {
    std::optional<std::string> current_password;  // as own_password (core/app/login.hpp) reads it
    fields::Deferred<std::string> new_password;   // as read_new_password (credentials.hpp) reads it
    std::string client_address = {};              // not the body's: the lockout's key
};
template <>
Result<ChangePasswordRequest> decode<ChangePasswordRequest>(const LooseValue& body);

// In order: 404 `User not found` (the account is gone), 400 `new_password is required` or
// register's password messages (nothing tried, nothing counted), then the current password as
// DELETE /auth/me checks it (429 while locked, 401 `Invalid credentials`, a wrong one counted as
// a failed login). On success the new argon2id hash is stored and every other session of the
// account ends (refresh families and their access tokens); the caller's stays.
Result<Done> change_password(const PasswordChangePorts& ports, SessionStanding& standing,
                             LoginThrottle& throttle, const TokenClaims& caller,
                             const ChangePasswordRequest& input);

}  // namespace ll
