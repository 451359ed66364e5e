// learner-api: the composition root of the learner service (decisions.md 1): the /auth/*
// routes and the feed on the shared service composition.
#include "adapters/http/learner_routes.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "apps/common/service_runner.hpp"

int main() {
    using namespace ll;
    std::unique_ptr<Argon2idPasswordHasher> hasher;
    return app::run_service("learner-api", ServiceKind::learner, [&](app::Service& s) {
        hasher = std::make_unique<Argon2idPasswordHasher>(s.config.password_hash_memory_kib,
                                                          s.config.password_hash_passes);
        http::add_learner_routes(
            s.router, make_learner_ports(s.storage, s.clock, *hasher, s.tokens), s.metrics,
            http::RateLimits{s.config.auth_rate_per_minute, s.config.login_failures_per_email,
                             s.config.trusted_proxies});
    });
}
