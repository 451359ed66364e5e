#include "core/app/login.hpp"

#include "core/app/credentials.hpp"
#include "core/app/languages_lookup.hpp"

namespace ll {

Result<LoginOutput> login(LearnerPorts& ports, const LoginInput& input) {
    const auto credentials = read_credentials(input.email, input.password);
    if (!credentials) return errors::email_and_password_required();

    const auto account = ports.accounts.find_by_email(credentials->email);
    if (!account) {
        // Same work as a real check, so timing does not reveal which e-mails exist.
        ports.hasher.verify_dummy(credentials->password);
        return errors::invalid_credentials();
    }
    if (!account->is_active) return errors::account_deactivated();
    if (!ports.hasher.verify(account->password_hash, credentials->password)) {
        return errors::invalid_credentials();
    }
    if (ports.hasher.needs_rehash(account->password_hash)) {
        try {
            ports.accounts.update_password_hash(account->id,
                                                ports.hasher.hash(credentials->password));
        } catch (const std::exception&) {
            // The login stands; the stronger hash is written at a later login.
        }
    }

    const auto languages = ports.languages.list_published();
    const Language* native = find_language(languages, account->language_native_id);
    LoginOutput out;
    out.id = account->id;
    out.email = account->email;
    out.role = account->role;
    out.native_lang = native ? native->short_en : "de";
    out.needs_profile = !ports.profiles.find_by_user(account->id).has_value();
    out.token =
        ports.tokens.issue(TokenClaims{account->id, account->email, account->role, out.native_lang},
                           ports.clock.now());
    return out;
}

}  // namespace ll
