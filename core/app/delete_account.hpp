#pragma once
// Deleting an account and every row of it (docs/accounts.md "Deleting an
// account and exporting its data"): the learner's own DELETE /auth/me, confirmed with the
// password, and support's `langlearn-admin delete-user EMAIL`. Both erase through one port call
// (LearnerDataRepository::erase, one transaction) and refuse staff accounts the same way.
#include <string_view>

#include "core/app/requests/decoder.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/learner_data.hpp"
#include "core/ports/login_throttle.hpp"
#include "core/ports/security.hpp"

namespace ll {

// What DELETE /auth/me uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct DeletePorts {
    AccountRepository& accounts;
    PasswordHasher& hasher;
    LearnerDataRepository& learner_data;
    template <typename From>
    DeletePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : accounts(from.accounts), hasher(from.hasher), learner_data(from.learner_data) {}
};

// DELETE /auth/me. In order: 404 `User not found` (no such account any more), 403
// `Insufficient permissions` for a staff account, 429 while the account is locked by failed
// passwords (the login's count: a stolen token cannot try passwords here faster than at login), 401
// `Invalid credentials` for a missing or wrong password (counted as a failure). Nothing changes
// unless all pass.
// `client_address`: with the account, the key of the lockout (docs/operations.md
// "Rate limits and lockout").
// The body: `password` as own_password (core/app/login.hpp) reads it; decoding refuses nothing
// (its problems are answered after the lookups above).
struct DeleteAccountRequest {
    std::optional<std::string> password;
};
template <>
Result<DeleteAccountRequest> decode<DeleteAccountRequest>(const LooseValue& body);

Result<Done> delete_own_account(const DeletePorts& ports, LoginThrottle& throttle, Id user_id,
                                const DeleteAccountRequest& request,
                                std::string_view client_address = {});

// langlearn-admin delete-user: the deleted account, 404 `User not found` or the staff 403.
Result<Account> delete_account_by_email(AccountRepository& accounts, LearnerDataRepository& data,
                                        std::string_view email);

}  // namespace ll
