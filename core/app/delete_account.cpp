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

Result<Done> delete_own_account(LearnerPorts& ports, LoginThrottle& throttle, Id user_id,
                                const LooseValue& password) {
    const auto account = ports.accounts.find_by_id(user_id);
    if (!account) return errors::user_not_found();
    if (is_staff_role(account->role)) return errors::insufficient_permissions();
    const std::uint64_t key = login_throttle_key(account, account->email);
    if (const auto wait = throttle.blocked(key)) return errors::too_many_requests(*wait);
    if (!password.is_nonempty_string()) return errors::invalid_credentials();
    if (!ports.hasher.verify(account->password_hash, password.string)) {
        throttle.record_failure(key);
        return errors::invalid_credentials();
    }
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
