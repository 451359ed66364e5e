#include "fuzz/support/learner_world.hpp"

#include <boost/json.hpp>

#include "adapters/http/learner/routes.hpp"
#include "adapters/http/server/operational_routes.hpp"
#include "core/domain/time_format.hpp"
#include "fuzz/support/route_call.hpp"

namespace ll::fuzz {

Timestamp fuzz_now() {
    static const Timestamp now = *parse_timestamp("2026-11-22T10:00:00.000Z");
    return now;
}

LearnerWorld::LearnerWorld(http::RateLimits limits) {
    http::add_learner_routes(router,
                             make_learner_ports(backend, clock, hasher, tokens, secrets, folding),
                             metrics, std::move(limits));
    http::add_operational_routes(router, backend, metrics, media);

    const auto registered =
        must_succeed(router, "POST", "/auth/register",
                     R"({"email":"ada@example.com","password":"password1"})", {});
    authorization =
        "Bearer " + std::string(boost::json::parse(registered.body).at("token").as_string());
    must_succeed(router, "POST", "/auth/profile",
                 R"({"username":"ada","nativeLang":1,"targetLang":3})", authorization);
    auto& seeder = backend.content_seeder();
    const Id animals = seeder.add_category("Tiere");
    for (const char* type : {"word", "question", "text", "yes_no"})
        seeder.add_pair(SeedPair{type, "published", {animals, 1}});
}

}  // namespace ll::fuzz
