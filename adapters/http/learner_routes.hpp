#pragma once
// The learner API's route table (service.md "Endpoints" under /auth/*, and GET /feed): each
// handler decodes the request, calls one use case and encodes its result or error.
#include "adapters/http/metrics.hpp"
#include "adapters/http/rate_limiter.hpp"
#include "adapters/http/router.hpp"
#include "core/app/learner_ports.hpp"

namespace ll::http {

void add_learner_routes(Router& router, LearnerPorts ports, Metrics& metrics,
                        RateLimits limits = {});

}  // namespace ll::http
