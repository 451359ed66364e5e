#include "core/app/account_admin.hpp"

#include "core/domain/errors.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

// How much a role may do; an unknown role (typed into the database by hand) counts as none.
int rank(std::string_view role) {
    if (role == kRoleAdmin) return 2;
    if (role == kRoleEditor) return 1;
    return 0;
}

bool known_role(std::string_view role) {
    return role == kRoleEndUser || role == kRoleEditor || role == kRoleAdmin;
}

}  // namespace

Result<Account> set_account_role(AccountAdminPorts& ports, std::string_view email,
                                 std::string_view role) {
    if (!known_role(role)) return errors::role_required();
    const std::string key = normalize_email(email);
    auto account = ports.accounts.find_by_email(key);
    if (!account || !ports.accounts.set_role(key, role)) return errors::user_not_found();
    // The role first: a sign-in between the two steps gets the new role, never a session of
    // the old one that would outlive the demotion.
    if (rank(role) < rank(account->role)) end_account_sessions(ports.sessions, account->id);
    account->role = std::string(role);
    return std::move(*account);
}

Result<Account> set_account_active(AccountAdminPorts& ports, std::string_view email, bool active) {
    const std::string key = normalize_email(email);
    auto account = ports.accounts.find_by_email(key);
    if (!account || !ports.accounts.set_active(key, active)) return errors::user_not_found();
    end_account_sessions(ports.sessions, account->id);
    account->is_active = active;
    return std::move(*account);
}

}  // namespace ll
