// learner-api: the composition root of the learner service (docs/spec/decisions.md 1): the /auth/*
// routes and the feed on the shared service composition, and the purge of expired
// Idempotency-Key records and learner sessions in the background.
#include <random>

#include <spdlog/spdlog.h>

#include "adapters/http/learner/routes.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/security/sodium_secret_tokens.hpp"
#include "apps/common/service_runner.hpp"
#include "core/app/book_progress.hpp"
#include "core/app/refresh_sessions.hpp"

int main() {
    using namespace ll;
    std::unique_ptr<Argon2idPasswordHasher> hasher;
    std::unique_ptr<SodiumSecretTokens> secrets;
    return app::run_service("learner-api", ServiceKind::learner, [&](app::Service& s) {
        hasher = std::make_unique<Argon2idPasswordHasher>(s.config.password_hash_memory_kib,
                                                          s.config.password_hash_passes);
        secrets = std::make_unique<SodiumSecretTokens>();
        LearnerPorts ports =
            make_learner_ports(s.storage, s.clock, *hasher, s.tokens, *secrets,
                               std::chrono::seconds(s.config.refresh_expires_in_seconds));
        const std::chrono::milliseconds interval(s.config.idempotency_purge_seconds * 1000LL);
        // Replicas started together should not all purge at the same moment.
        std::uniform_int_distribution<long long> spread(0, interval.count());
        std::random_device seed;
        s.background.every("idempotency-key purge", std::chrono::milliseconds(spread(seed)),
                           interval, [ports]() mutable {
                               if (const auto removed = purge_expired_idempotency_keys(ports))
                                   spdlog::info("{} expired idempotency keys removed", removed);
                           });
        // issue 18 (sessions): expired and revoked sessions, on the same schedule.
        s.background.every("session purge", std::chrono::milliseconds(spread(seed)), interval,
                           [ports]() mutable {
                               if (const auto removed = purge_expired_sessions(ports))
                                   spdlog::info("{} expired session rows removed", removed);
                           });
        http::add_learner_routes(
            s.router, std::move(ports), s.metrics,
            http::RateLimits{s.config.auth_rate_per_minute, s.config.login_failures_per_email,
                             s.config.trusted_proxies},
            std::chrono::seconds(s.config.account_recheck_seconds));
    });
}
