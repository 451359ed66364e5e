#pragma once
#include <chrono>
#include <string>

#include "core/app/credentials.hpp"
#include "core/app/refresh_sessions.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/login_throttle.hpp"
#include "core/ports/profiles.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"

namespace ll {

// What POST /auth/login (and the session it opens) uses: a new session's ports and its
// own, made from the learner routes' LearnerPorts.
struct LoginPorts : OpenSessionPorts {
    AccountRepository& accounts;
    ProfileRepository& profiles;
    LanguageRepository& languages;
    PasswordHasher& hasher;
    template <typename From>
    LoginPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : OpenSessionPorts(from),
          accounts(from.accounts),
          profiles(from.profiles),
          languages(from.languages),
          hasher(from.hasher) {}
};

struct LoginInput {
    Credentials credentials;  // the body, decoded as decode<Credentials> reads it
    // The client address the failures count against, with the account.
    std::string client_address = {};
};

struct LoginOutput {  // 200
    Id id = 0;
    std::string email;
    std::string role;
    std::string native_lang;  // short_en of the native language, "de" when none
    std::string token;
    bool needs_profile = true;
    std::string refresh_token;  // the device's first refresh token
    TokenLifetimes lifetimes;
};

// The checks of a login, shared by POST /auth/login and the staff sign-in (POST /api/session,
// core/app/staff_session.hpp): the account these credentials open, or the error login answers
// (400, 401 Invalid credentials, 403 Account deactivated, 429). A stored hash with weaker
// parameters than configured is replaced on the way.
Result<Account> check_login(AccountRepository& accounts, PasswordHasher& hasher,
                            LoginThrottle& throttle, const LoginInput& input);

// The e-mail is normalised and checked for shape first (docs/spec/decisions.md 7: trimmed,
// lower-cased, at most 254 bytes, no NUL): one that no account can have is `Invalid credentials`
// without a database lookup. Failed attempts count against the account they name, whichever
// spelling reached it, or against the normalised address when there is none (login_throttle_key).
// Each login opens a session (a refresh family) labelled with `user_agent`.
Result<LoginOutput> login(const LoginPorts& ports, LoginThrottle& throttle, const LoginInput& input,
                          std::string_view user_agent = {});

// A signed-in learner's own password again (DELETE /auth/me, PUT /auth/password): 429 while
// the (address, account) is locked, 401 Invalid credentials for a missing (nullopt: also a
// non-string or empty one, as own_password reads it) or wrong one; a wrong one counts as a failed
// login, a missing one counts nothing.
// A password field as the routes that check one read it: a non-empty string, else nullopt.
inline std::optional<std::string> own_password(const LooseValue& field) {
    if (!field.is_nonempty_string()) return std::nullopt;
    return field.string;
}

Result<Done> check_own_password(PasswordHasher& hasher, LoginThrottle& throttle,
                                const Account& account, const std::optional<std::string>& password,
                                std::string_view client_address);

// The throttle's key: the account id, or (top bit set, so the two never meet) a 64-bit FNV-1a
// digest of the normalised e-mail of an address no account has; with a digest of the client address
// (failures from one address do not lock the account on another).
ThrottleKey login_throttle_key(const std::optional<Account>& account, std::string_view email,
                               std::string_view client_address);
// The account part alone (what a password reset clears).
std::uint64_t account_throttle_key(const Account& account);

}  // namespace ll
