#pragma once
// The learner API over the in-memory adapters, composed like learner-api and tests/http's
// TestServer (make_learner_ports, add_learner_routes, add_operational_routes), with one
// learner who has a profile and a few published pairs, so that the routes behind the token
// get as far as their decoding and use cases.
//
// Not TestServer itself: it needs the SQL backends (SOCI, SQLite, PostgreSQL), which would
// double the fuzz tree's build for code these targets never reach. The password hasher is the
// in-memory stand-in: argon2id (19 MiB, tens of ms per hash) would make register/login inputs
// ~1000 times slower, and it never sees request bytes other than the password string.
#include <string>

#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/rate_limiter.hpp"
#include "adapters/http/server/router.hpp"
#include "adapters/memory/fake_security.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/memory/memory_backend.hpp"
#include "adapters/memory/memory_media_store.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "adapters/text/utf8proc_folding.hpp"

namespace ll::fuzz {

inline constexpr const char* kFuzzSecret = "fuzz-secret-0123456789abcdefghijklmnop";
inline constexpr const char* kDevToken = "fuzz-dev-token";  // the authoring dev token
// Every world starts at this instant: tokens and answers are the same in every run, so a
// saved input replays exactly.
Timestamp fuzz_now();

struct LearnerWorld {
    explicit LearnerWorld(http::RateLimits limits = {});
    LearnerWorld(const LearnerWorld&) = delete;
    LearnerWorld& operator=(const LearnerWorld&) = delete;

    MemoryBackend backend;
    ManualClock clock{fuzz_now(), std::chrono::minutes{60}};
    FakePasswordHasher hasher;
    JwtTokenService tokens{kFuzzSecret, 7 * 24 * 3600};
    FakeSecretTokens secrets;  // deterministic, so inputs replay exactly
    Utf8procFolding folding;
    http::Metrics metrics;
    MemoryMediaStore media;
    http::Router router;
    std::string authorization;  // "Bearer <token>" of the learner with a profile
};

}  // namespace ll::fuzz
