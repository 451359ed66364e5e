#include "core/app/delete_account.hpp"

#include "core/app/login.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

// The one rule both ways share: staff accounts stay until an administrator makes them
// end-users (set-role), so no editor's or admin's access vanishes by one request. The answer is
// the spec's 403 wording for a role that may not do something, `Insufficient permissions`.
Result<Done> erase(LearnerDataRepository& data, const Account& account) {
    if (is_staff_role(account.role)) return errors::insufficient_permissions();
    // Gone meanwhile (a second delete of the same account): what the spec says of an unknown user.
    if (!data.erase(account.id)) return errors::user_not_found();
    return Done{};
}

}  // namespace

template <>
Result<DeleteAccountRequest> decode<DeleteAccountRequest>(const LooseValue& body) {
    return DeleteAccountRequest{own_password(body["password"])};
}

Result<Done> delete_own_account(const DeletePorts& ports, LoginThrottle& throttle, Id user_id,
                                const DeleteAccountRequest& request,
                                std::string_view client_address) {
    const auto account = ports.accounts.find_by_id(user_id);
    if (!account) return errors::user_not_found();
    if (is_staff_role(account->role)) return errors::insufficient_permissions();
    const auto checked =
        check_own_password(ports.hasher, throttle, *account, request.password, client_address);
    if (!checked) return checked.error();
    return erase(ports.learner_data, *account);
}

Result<Account> delete_account_by_email(AccountRepository& accounts, LearnerDataRepository& data,
                                        std::string_view email) {
    auto account = accounts.find_by_email(normalize_email(email));
    if (!account) return errors::user_not_found();
    if (const auto erased = erase(data, *account); !erased) return erased.error();
    return std::move(*account);
}

}  // namespace ll
