#include "core/app/change_password.hpp"

#include "core/app/credentials.hpp"
#include "core/app/login.hpp"

namespace ll {

template <>
Result<ChangePasswordRequest> decode<ChangePasswordRequest>(const LooseValue& body) {
    return ChangePasswordRequest{own_password(body["current_password"]),
                                 fields::defer(read_new_password(body["new_password"]))};
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
    const auto new_password = input.new_password.checked();
    if (!new_password) return new_password.error();
    const auto checked = check_own_password(ports.hasher, throttle, *account,
                                            input.current_password, input.client_address);
    if (!checked) return checked.error();

    ports.accounts.update_password_hash(account->id, ports.hasher.hash(new_password.value()));
    // A reset link asked for before the change would undo it: it is used up now.
    ports.password_resets.cancel_open(account->id, ports.clock.now());
    // Whoever else was signed in (perhaps with the old password) is out, in the app and in the
    // studio; this device stays.
    end_account_sessions(account_sessions(ports), standing, account->id, caller.session_id);
    return Done{};
}

}  // namespace ll
