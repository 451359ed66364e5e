#pragma once
// The learner API's route table (docs/spec/service.md "Endpoints" under /auth/*, and GET /feed):
// each handler decodes the request, calls one use case and encodes its result or error.
#include <chrono>

#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/rate_limiter.hpp"
#include "adapters/http/server/router.hpp"
#include "core/app/learner_ports.hpp"

namespace ll::http {

// `account_recheck`: how long what was read about an account (active?) is trusted before a
// token of it is checked against the database again (ACCOUNT_RECHECK_SECONDS).
void add_learner_routes(Router& router, LearnerPorts ports, Metrics& metrics,
                        RateLimits limits = {},
                        std::chrono::milliseconds account_recheck = std::chrono::seconds(30));

}  // namespace ll::http
