#pragma once
// The learner API's route table (docs/spec/service.md "Endpoints" under /auth/*, and GET /feed):
// each handler decodes the request, calls one use case and encodes its result or error.
#include <chrono>
#include <memory>

#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/rate_limiter.hpp"
#include "adapters/http/server/router.hpp"
#include "core/app/learner_ports.hpp"
#include "core/app/password_reset.hpp"
#include "core/ports/mailer.hpp"

namespace ll::http {

// Password reset: where the mails go and what they say (MAILER, PASSWORD_RESET_URL,
// docs/configuration.md). No mailer: requests are answered alike and nothing is sent.
struct PasswordResetMail {
    std::shared_ptr<Mailer> mailer;
    PasswordResetSettings settings;
};

// `account_recheck`: how long what was read about an account (active?) is trusted before a
// token of it is checked against the database again (ACCOUNT_RECHECK_SECONDS).
void add_learner_routes(Router& router, LearnerPorts ports, Metrics& metrics,
                        RateLimits limits = {},
                        std::chrono::milliseconds account_recheck = std::chrono::seconds(30),
                        const PasswordResetMail& reset_mail = {});

}  // namespace ll::http
