#include "core/app/password_reset.hpp"

#include "core/app/credentials.hpp"
#include "core/app/languages_lookup.hpp"
#include "core/app/login.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/locale.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

constexpr std::chrono::hours kMailWindow{1};

// The mail in each language; {link} and {minutes} are filled in.
constexpr Texts kSubject = {"Dein langlearn-Passwort zurücksetzen", "Reset your langlearn password",
                            "Återställ ditt lösenord för langlearn"};
constexpr Texts kText = {
    "Jemand (hoffentlich du) möchte das Passwort deines langlearn-Kontos zurücksetzen.\n\n"
    "Öffne diesen Link, um ein neues Passwort zu wählen:\n\n{link}\n\n"
    "Der Link funktioniert einmal, {minutes} Minuten lang. Wenn du das nicht warst, ignoriere "
    "diese Mail: dein Passwort bleibt, wie es ist.\n",
    "Someone (hopefully you) asked to reset the password of your langlearn account.\n\n"
    "Open this link to choose a new password:\n\n{link}\n\n"
    "The link works once, for {minutes} minutes. If you did not ask for it, ignore this mail: "
    "your password stays as it is.\n",
    "Någon (förhoppningsvis du) har bett om att återställa lösenordet till ditt langlearn-konto."
    "\n\nÖppna den här länken för att välja ett nytt lösenord:\n\n{link}\n\n"
    "Länken fungerar en gång, i {minutes} minuter. Om det inte var du kan du strunta i det här "
    "mejlet: ditt lösenord förblir som det är.\n"};

// The language asked for with the request, else the account's native language, else English.
Lang mail_language(const PasswordResetPorts& ports, const Account& account,
                   std::optional<Lang> asked) {
    if (asked) return *asked;
    if (account.language_native_id) {
        const auto languages = ports.languages.list_published();
        if (const Language* native = find_language(languages, account.language_native_id))
            if (const auto lang = lang_from_code(native->short_en)) return *lang;
    }
    return Lang::en;
}

MailMessage reset_mail(const Account& account, const PasswordResetSettings& settings,
                       const std::string& token, Lang lang) {
    const auto minutes = std::chrono::duration_cast<std::chrono::minutes>(settings.lifetime);
    return MailMessage{
        account.email, std::string(kSubject.in(lang)),
        fmt::format(fmt::runtime(kText.in(lang)), fmt::arg("link", settings.link_prefix + token),
                    fmt::arg("minutes", minutes.count()))};
}

}  // namespace

template <>
Result<ResetRequest> decode<ResetRequest>(const LooseValue& body) {
    const LooseValue& email = body["email"];
    if (!email.is_nonempty_string()) return errors::email_required();
    return ResetRequest{normalize_email(email.string)};
}

template <>
Result<ConfirmResetRequest> decode<ConfirmResetRequest>(const LooseValue& body) {
    auto new_password = read_new_password(body["new_password"]);
    if (!new_password) return new_password.error();
    const LooseValue& token = body["token"];
    if (!token.is_nonempty_string()) return errors::invalid_reset_link();
    return ConfirmResetRequest{std::move(new_password.value()), token.string};
}

ResetMail send_password_reset(const PasswordResetPorts& ports, Mailer& mailer,
                              const PasswordResetSettings& settings, std::string_view email,
                              std::optional<Lang> asked) {
    if (!is_valid_email_shape(email)) return ResetMail::no_account;
    const auto account = ports.accounts.find_by_email(email);
    if (!account || !account->is_active || account->role != kRoleEndUser)
        return ResetMail::no_account;
    const Timestamp now = ports.clock.now();
    if (ports.password_resets.issued_since(account->id, now - kMailWindow) >=
        static_cast<std::size_t>(std::max(0, settings.mails_per_hour)))
        return ResetMail::over_limit;
    const std::string token = ports.secrets.generate();
    ports.password_resets.issue(PasswordResetToken{ports.secrets.digest(token), account->id, now,
                                                   now + settings.lifetime, std::nullopt});
    const Lang lang = mail_language(ports, *account, asked);
    return mailer.send(reset_mail(*account, settings, token, lang)) ? ResetMail::sent
                                                                    : ResetMail::dropped;
}

Result<Done> confirm_password_reset(const PasswordResetPorts& ports, SessionStanding& standing,
                                    LoginThrottle& throttle, const ConfirmResetRequest& input) {
    const std::string digest = ports.secrets.digest(input.token);
    const auto record = ports.password_resets.find(digest);
    const Timestamp now = ports.clock.now();
    // A cheap look first, so that unknown tokens cost no argon2id hash.
    if (!record || !ports.secrets.same_digest(record->digest, digest) || record->used_at ||
        record->expires_at <= now)
        return errors::invalid_reset_link();
    const auto account = ports.accounts.find_by_id(record->user_id);
    // Made staff since the mail: a mailbox alone must not open an account that can publish.
    if (!account || account->role != kRoleEndUser) return errors::invalid_reset_link();
    if (!account->is_active) return errors::account_deactivated();

    std::string hash = ports.hasher.hash(input.new_password);
    // The one-time use: of two concurrent confirms with one token, only one consumes it.
    if (ports.password_resets.consume(digest, ports.clock.now()) != account->id)
        return errors::invalid_reset_link();
    ports.accounts.update_password_hash(account->id, hash);
    end_account_sessions(account_sessions(ports), standing, account->id);
    throttle.clear_account(account_throttle_key(*account));
    return Done{};
}

std::size_t purge_password_resets(const PasswordResetPorts& ports) {
    return ports.password_resets.purge(ports.clock.now() - kMailWindow);
}

}  // namespace ll
