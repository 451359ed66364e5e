#include "core/app/create_staff.hpp"

#include "core/app/credentials.hpp"

namespace ll {

Result<Account> create_staff(AccountRepository& accounts, PasswordHasher& hasher,
                             const CreateStaffInput& input) {
    const Credentials credentials{normalize_email(input.email), input.password};
    if (const auto checked = check_new_credentials(credentials); !checked) return checked.error();
    if (!is_staff_role(input.role)) return errors::staff_role_required();
    auto account = accounts.create(
        NewAccount{credentials.email, hasher.hash(credentials.password), input.role});
    if (!account) return errors::email_already_registered();
    return std::move(*account);
}

}  // namespace ll
