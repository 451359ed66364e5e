#include "core/app/change_password.hpp"

#include "core/app/credentials.hpp"
#include "core/app/login.hpp"

namespace ll {

template <>
Result<ChangePasswordRequest> decode<ChangePasswordRequest>(const LooseValue& body) {
    const LooseValue& new_password = body["new_password"];
    return ChangePasswordRequest{
        own_password(body["current_password"]),
        new_password.is_string() ? std::optional<std::string>(new_password.string) : std::nullopt};
}

Result<Done> change_password(const PasswordChangePorts& ports, SessionStanding& standing,
                             LoginThrottle& throttle, const TokenClaims& caller,
                             const ChangePasswordRequest& input) {
    const auto account = ports.accounts.find_by_id(caller.user_id);
    if (!account) return errors::user_not_found();
    // Deactivated meanwhile (its token still works until the standing is read again): no
    // change, as at login and at the reset's confirmation.
    if (!account->is_active) return errors::account_deactivated();
    // The new password first: a typo in it costs no guess against the lockout.
    if (!input.new_password) return errors::new_password_required();
    if (const auto rule = check_new_password(*input.new_password); !rule) return rule.error();
    const auto checked = check_own_password(ports.hasher, throttle, *account,
                                            input.current_password, input.client_address);
    if (!checked) return checked.error();

    ports.accounts.update_password_hash(account->id, ports.hasher.hash(*input.new_password));
    // A reset link asked for before the change would undo it: it is used up now.
    ports.password_resets.cancel_open(account->id, ports.clock.now());
    // Whoever else was signed in (perhaps with the old password) is out, in the app and in the
    // studio; this device stays.
    end_account_sessions(account_sessions(ports), standing, account->id, caller.session_id);
    return Done{};
}

}  // namespace ll
