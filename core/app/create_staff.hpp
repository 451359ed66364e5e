#pragma once
// A staff account (editor or admin) made by an operator (`langlearn-admin create-staff`,
// docs/operations.md "Staff accounts"): the same e-mail and password rules as a learner's
// registration, the password hashed as every other.
#include <string>

#include "core/domain/entities.hpp"
#include "core/domain/result.hpp"
#include "core/ports/accounts.hpp"
#include "core/ports/security.hpp"

namespace ll {

struct CreateStaffInput {
    std::string email;  // normalised here (trimmed, lower-cased)
    std::string password;
    std::string role;  // editor or admin
};

// 400 Invalid email format / role must be editor or admin / the password's length; 409 Email
// already registered.
Result<Account> create_staff(AccountRepository& accounts, PasswordHasher& hasher,
                             const CreateStaffInput& input);

}  // namespace ll
