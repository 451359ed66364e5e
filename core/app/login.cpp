#include "core/app/login.hpp"

#include "core/app/credentials.hpp"
#include "core/app/languages_lookup.hpp"
#include "core/app/refresh_sessions.hpp"
#include "core/domain/digest.hpp"

namespace ll {

namespace {
constexpr std::uint64_t kEmailSpace = 1ULL << 63;
}  // namespace

std::uint64_t account_throttle_key(const Account& account) {
    return static_cast<std::uint64_t>(account.id) & ~kEmailSpace;
}

ThrottleKey login_throttle_key(const std::optional<Account>& account, std::string_view email,
                               std::string_view client_address) {
    return ThrottleKey{account ? account_throttle_key(*account) : (fnv1a64(email) | kEmailSpace),
                       fnv1a64(client_address)};
}

Result<Account> check_login(AccountRepository& accounts, PasswordHasher& hasher,
                            LoginThrottle& throttle, const LoginInput& input) {
    const Credentials& credentials = input.credentials;
    // No account can have such an address (register refuses it): nothing to look up, nothing
    // to count, and no hashing either (the answer reveals nothing about which accounts exist).
    if (!is_valid_email_shape(credentials.email)) return errors::invalid_credentials();

    auto account = accounts.find_by_email(credentials.email);
    const ThrottleKey key = login_throttle_key(account, credentials.email, input.client_address);
    if (const auto wait = throttle.blocked(key)) return errors::too_many_requests(*wait);
    if (!account) {
        // Same work as a real check, so timing does not reveal which e-mails exist.
        hasher.verify_dummy(credentials.password);
        throttle.record_failure(key);
        return errors::invalid_credentials();
    }
    if (!account->is_active) return errors::account_deactivated();
    if (!hasher.verify(account->password_hash, credentials.password)) {
        throttle.record_failure(key);
        return errors::invalid_credentials();
    }
    if (hasher.needs_rehash(account->password_hash)) {
        try {
            std::string stronger = hasher.hash(credentials.password);
            accounts.update_password_hash(account->id, stronger);
            account->password_hash = std::move(stronger);  // the hash this login stands on
        } catch (const std::exception&) {
            // The login stands; the stronger hash is written at a later login.
        }
    }
    return std::move(*account);
}

Result<Done> check_own_password(PasswordHasher& hasher, LoginThrottle& throttle,
                                const Account& account, const std::optional<std::string>& password,
                                std::string_view client_address) {
    const ThrottleKey key = login_throttle_key(account, account.email, client_address);
    if (const auto wait = throttle.blocked(key)) return errors::too_many_requests(*wait);
    if (!password) return errors::wrong_password();
    if (!hasher.verify(account.password_hash, *password)) {
        throttle.record_failure(key);
        return errors::wrong_password();
    }
    return Done{};
}

Result<LoginOutput> login(const LoginPorts& ports, LoginThrottle& throttle, const LoginInput& input,
                          std::string_view user_agent) {
    auto checked = check_login(ports.accounts, ports.hasher, throttle, input);
    if (!checked) return checked.error();
    const Account& account = checked.value();

    const auto languages = ports.languages.list_published();
    const Language* native = find_language(languages, account.language_native_id);
    LoginOutput out;
    out.id = account.id;
    out.email = account.email;
    out.role = account.role;
    out.native_lang = native ? native->short_en : kDefaultNativeLang;
    out.needs_profile = !ports.profiles.find_by_user(account.id).has_value();
    SessionTokens session = open_session(
        ports, TokenClaims{account.id, account.email, account.role, out.native_lang, {}},
        user_agent);
    // A password reset or change may have landed while the hash was being checked (argon2id
    // takes a while): it revoked the sessions it saw, but not this one, opened after it. So the
    // hash is read again once the session exists; if it is no longer the one just verified,
    // the session ends and the sign-in is refused, as it would have been a moment later.
    const auto now_stored = ports.accounts.find_by_id(account.id);
    if (!now_stored || !now_stored->is_active ||
        now_stored->password_hash != account.password_hash) {
        ports.sessions.revoke_family(session.session_id, ports.clock.now());
        return errors::invalid_credentials();
    }
    out.token = std::move(session.token);
    out.refresh_token = std::move(session.refresh_token);
    out.lifetimes = session.lifetimes;
    return out;
}

}  // namespace ll
