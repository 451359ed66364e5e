#pragma once
// Password reset by e-mail (docs/accounts.md "Passwords"):
// POST /auth/password-reset mails a one-time link, POST /auth/password-reset/confirm sets the
// new password with its token. The request's answer is the same whatever happens (202), so it
// tells nobody which e-mails have accounts; the work itself runs off the request's path
// (send_password_reset, on a background thread of the HTTP adapter).
#include <chrono>
#include <string>
#include <string_view>

#include "core/app/account_sessions.hpp"
#include "core/app/requests/decoder.hpp"
#include "core/app/session_standing.hpp"
#include "core/domain/locale.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/login_throttle.hpp"
#include "core/ports/mailer.hpp"
#include "core/ports/password_resets.hpp"
#include "core/ports/refresh_sessions.hpp"
#include "core/ports/security.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

// What the password reset by mail and the purge of its tokens uses: made from the learner routes'
// LearnerPorts, or from a use case's ports that hold these members too.
struct PasswordResetPorts {
    AccountRepository& accounts;
    LanguageRepository& languages;
    PasswordHasher& hasher;
    PasswordResetRepository& password_resets;
    SecretTokens& secrets;
    RefreshSessionRepository& sessions;
    StaffSessionRepository& staff_sessions;
    const Clock& clock;
    template <typename From>
    PasswordResetPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : accounts(from.accounts),
          languages(from.languages),
          hasher(from.hasher),
          password_resets(from.password_resets),
          secrets(from.secrets),
          sessions(from.sessions),
          staff_sessions(from.staff_sessions),
          clock(from.clock) {}
};

struct PasswordResetSettings {
    // PASSWORD_RESET_URL: the link is this + the token (e.g. https://app.example/reset#token=).
    std::string link_prefix;
    std::chrono::seconds lifetime{30 * 60};  // PASSWORD_RESET_TTL
    int mails_per_hour = 3;                  // per account; further requests send nothing
};

// POST /auth/password-reset's body: 400 `email is required` when `email` is missing or not a
// non-empty string, else the normalised address (whatever its shape: an impossible one simply
// has no account).
struct ResetRequest {
    std::string email;
};
template <>
Result<ResetRequest> decode<ResetRequest>(const LooseValue& body);

enum class ResetMail { sent, no_account, over_limit, dropped };

// For an active learner (role end-user) of that e-mail: a new token (older unused ones are
// superseded) and a mail with the link, unless the account had `mails_per_hour` mails in the
// last hour. Staff and unknown or deactivated accounts get nothing. The mail is in `asked` (the
// request's Accept-Language), else the account's native language, else English. What happened,
// for metrics and tests; never for the client.
ResetMail send_password_reset(const PasswordResetPorts& ports, Mailer& mailer,
                              const PasswordResetSettings& settings, std::string_view email,
                              std::optional<Lang> asked = std::nullopt);

// POST /auth/password-reset/confirm's body, in this order: 400 `new_password is required` (not a
// string) or register's password messages (the token stays usable); 400 `Invalid or expired
// reset link` for a token that is missing or not a non-empty string.
struct ConfirmResetRequest {
    std::string new_password;
    std::string token;
};
template <>
Result<ConfirmResetRequest> decode<ConfirmResetRequest>(const LooseValue& body);

// 400 `Invalid or expired reset link` for a token that is unknown, forged, expired or used (one
// message for all, as for a missing one); 403 `Account deactivated`. On success, atomically once
// per token: the new hash is stored, every session of the account ends (as logout-all) and the
// account's login lockout is cleared.
Result<Done> confirm_password_reset(const PasswordResetPorts& ports, SessionStanding& standing,
                                    LoginThrottle& throttle, const ConfirmResetRequest& input);

// The background purge: tokens that expired more than an hour ago (the per-account count needs
// the last hour's); how many went.
std::size_t purge_password_resets(const PasswordResetPorts& ports);

}  // namespace ll
