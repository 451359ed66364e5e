#include "core/app/register_user.hpp"

#include "core/app/credentials.hpp"
#include "core/app/languages_lookup.hpp"
#include "core/app/refresh_sessions.hpp"
#include "core/domain/rules.hpp"

namespace ll {

Result<RegisterOutput> register_user(const RegisterPorts& ports, const Credentials& credentials,
                                     std::string_view user_agent) {
    if (const auto checked = check_new_credentials(credentials); !checked) return checked.error();
    if (ports.blocklist.is_blocked(credentials.email)) return errors::registration_not_allowed();
    if (ports.accounts.find_by_email(credentials.email)) return errors::email_already_registered();

    auto account =
        ports.accounts.create(NewAccount{credentials.email, ports.hasher.hash(credentials.password),
                                         kRoleEndUser, ports.clock.now()});
    // A concurrent registration of the same e-mail won the unique constraint.
    if (!account) return errors::email_already_registered();

    // A new account has no native language yet: the token and the answer say the default, as
    // login does until the profile sets one.
    const TokenClaims claims{account->id, account->email, account->role, kDefaultNativeLang, {}};
    SessionTokens session = open_session(ports, claims, user_agent);
    return RegisterOutput{
        UserSummary{account->id, account->email, account->role, kDefaultNativeLang},
        std::move(session.token), true, std::move(session.refresh_token), session.lifetimes};
}

}  // namespace ll
