#pragma once
#include <chrono>
#include <string>

#include "core/app/credentials.hpp"
#include "core/app/refresh_sessions.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"

namespace ll {

// What POST /auth/register (and the session it opens) uses: a new session's ports and its
// own, made from the learner routes' LearnerPorts.
struct RegisterPorts : OpenSessionPorts {
    AccountRepository& accounts;
    BlocklistRepository& blocklist;
    PasswordHasher& hasher;
    template <typename From>
    RegisterPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : OpenSessionPorts(from),
          accounts(from.accounts),
          blocklist(from.blocklist),
          hasher(from.hasher) {}
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
    TokenLifetimes lifetimes;
};

// The body decoded as decode<Credentials> (core/app/credentials.hpp) reads it; then the new
// account's rules, in the spec's order (the e-mail's shape, the password's length, the
// blocklist, an e-mail already registered). `user_agent` labels the session the registration
// opens (core/app/refresh_sessions.hpp).
Result<RegisterOutput> register_user(const RegisterPorts& ports, const Credentials& credentials,
                                     std::string_view user_agent = {});

}  // namespace ll
