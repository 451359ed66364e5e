// learner-api: the composition root of the learner service (docs/spec/decisions.md 1): the /auth/*
// routes and the feed on the shared service composition, and the purge of expired
// Idempotency-Key records and learner sessions in the background.
#include <random>

#include <spdlog/spdlog.h>

#include "adapters/http/learner/routes.hpp"
#include "adapters/mail/log_mailer.hpp"
#include "adapters/mail/smtp_mailer.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/security/sodium_secret_tokens.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "apps/common/service_runner.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/learning/review_retention.hpp"
#include "core/app/password_reset.hpp"
#include "core/app/refresh_sessions.hpp"

namespace {

// Password reset mails: MAILER as configured (docs/configuration.md "Mail").
std::shared_ptr<ll::Mailer> make_mailer(const ll::ServiceConfig& c, ll::http::Metrics& metrics) {
    using namespace ll;
    if (c.mailer == "log") {
        spdlog::warn(
            "MAILER=log is for development only: reset mails, with their links, go to this log");
        return std::make_shared<LogMailer>();
    }
    if (c.mailer == "none") {
        spdlog::warn(
            "MAILER=none: password reset mails are not sent (set SMTP_URL, docs/"
            "configuration.md \"Mail\")");
        return std::make_shared<NoMailer>();
    }
    for (const char* outcome : {"sent", "failed", "dropped"})
        metrics.declare("langlearn_mails_total", "outcome", outcome);
    SmtpSettings smtp;
    smtp.url = c.smtp_url;
    smtp.user = c.smtp_user;
    smtp.password = c.smtp_password;
    smtp.from = c.mail_from;
    smtp.starttls = c.smtp_starttls == "off"   ? StartTls::off
                    : c.smtp_starttls == "try" ? StartTls::opportunistic
                                               : StartTls::required;
    return std::make_shared<SmtpMailer>(std::move(smtp), [&metrics](const char* outcome) {
        metrics.increment("langlearn_mails_total", "outcome", outcome);
    });
}

}  // namespace

int main() {
    using namespace ll;
    std::unique_ptr<Argon2idPasswordHasher> hasher;
    std::unique_ptr<SodiumSecretTokens> secrets;
    return app::run_service("learner-api", ServiceKind::learner, [&](app::Service& s) {
        hasher = std::make_unique<Argon2idPasswordHasher>(s.config.password_hash_memory_kib,
                                                          s.config.password_hash_passes);
        secrets = std::make_unique<SodiumSecretTokens>(s.config.jwt_secret);
        static const Utf8procFolding folding;
        LearnerPorts ports =
            make_learner_ports(s.storage, s.clock, *hasher, s.tokens, *secrets, folding,
                               std::chrono::seconds(s.config.refresh_expires_in_seconds));
        ports.client_scoring = *client_scoring_from(s.config.client_scoring);
        const std::chrono::milliseconds interval(s.config.idempotency_purge_seconds * 1000LL);
        // Replicas started together should not all purge at the same moment.
        std::uniform_int_distribution<long long> spread(0, interval.count());
        std::random_device seed;
        s.background.every("idempotency-key purge", std::chrono::milliseconds(spread(seed)),
                           interval, [ports]() mutable {
                               if (const auto removed = purge_expired_idempotency_keys(ports))
                                   spdlog::info("{} expired idempotency keys removed", removed);
                           });
        // Expired and revoked learner sessions, on the same schedule.
        s.background.every("session purge", std::chrono::milliseconds(spread(seed)), interval,
                           [ports]() mutable {
                               if (const auto removed = purge_expired_sessions(ports))
                                   spdlog::info("{} expired session rows removed", removed);
                           });
        // Used password reset tokens, on the same schedule.
        s.background.every("password reset purge", std::chrono::milliseconds(spread(seed)),
                           interval, [ports]() mutable {
                               if (const auto removed = purge_password_resets(ports))
                                   spdlog::info("{} expired password reset tokens removed",
                                                removed);
                           });
        // The review log's retention: only when REVIEW_LOG_DAYS is set (kept for ever otherwise).
        if (const auto days = s.config.review_log_days) {
            s.background.every("review log purge", std::chrono::milliseconds(spread(seed)),
                               interval, [ports, days = *days, &s]() mutable {
                                   const auto stop = [&s] { return s.background.stopping(); };
                                   if (const auto removed = purge_old_reviews(ports, days, stop))
                                       spdlog::info("{} review-log lines past {} days removed",
                                                    removed, days);
                               });
        }
        http::PasswordResetMail reset_mail{
            make_mailer(s.config, s.metrics),
            PasswordResetSettings{s.config.password_reset_url.empty()
                                      ? "http://localhost:8080/reset#token="
                                      : s.config.password_reset_url,
                                  std::chrono::seconds(s.config.password_reset_ttl_seconds), 3}};
        http::add_learner_routes(
            s.router, std::move(ports), s.metrics,
            http::RateLimits{s.config.auth_rate_per_minute, s.config.login_failures_per_email,
                             s.config.trusted_proxies, s.config.public_origin},
            std::chrono::seconds(s.config.account_recheck_seconds), reset_mail);
    });
}
