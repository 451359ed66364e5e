#pragma once
// An operator's changes to an account (`langlearn-admin set-role`, `set-active`;
// docs/operations.md "Staff accounts"). A demotion or a (de)activation also ends every session
// of the account (core/app/account_sessions.hpp): a token or cookie stolen before it must not
// come back to life when the role is given back or the account reactivated, so both start from
// no sessions and the owner signs in again.
#include <string_view>

#include "core/app/account_sessions.hpp"
#include "core/domain/entities.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"

namespace ll {

struct AccountAdminPorts {
    AccountRepository& accounts;
    AccountSessionPorts sessions;
};

// 400 role must be end-user, editor or admin; 404 User not found. A lower role than before
// (admin -> editor -> end-user) ends the account's sessions; a higher or the same one keeps them.
// Answers the account as it is now.
Result<Account> set_account_role(AccountAdminPorts& ports, std::string_view email,
                                 std::string_view role);

// 404 User not found. Deactivating and reactivating both end the account's sessions.
Result<Account> set_account_active(AccountAdminPorts& ports, std::string_view email, bool active);

}  // namespace ll
