#include "core/app/register_user.hpp"

#include "core/app/credentials.hpp"
#include "core/domain/rules.hpp"

namespace ll {

Result<RegisterOutput> register_user(LearnerPorts& ports, const RegisterInput& input) {
    const auto credentials = read_credentials(input.email, input.password);
    if (!credentials) return errors::email_and_password_required();
    if (const auto checked = check_new_credentials(*credentials); !checked) return checked.error();
    if (ports.blocklist.is_blocked(credentials->email)) return errors::registration_not_allowed();
    if (ports.accounts.find_by_email(credentials->email)) return errors::email_already_registered();

    auto account = ports.accounts.create(
        NewAccount{credentials->email, ports.hasher.hash(credentials->password), kRoleEndUser});
    // A concurrent registration of the same e-mail won the unique constraint.
    if (!account) return errors::email_already_registered();

    const TokenClaims claims{account->id, account->email, account->role, "de"};
    return RegisterOutput{UserSummary{account->id, account->email, account->role},
                          ports.tokens.issue(claims, ports.clock.now()), true};
}

}  // namespace ll
