#include "adapters/http/learner/routes.hpp"

#include "adapters/http/learner/resources.hpp"

namespace ll::http {

void add_learner_routes(Router& router, LearnerPorts p, Metrics& metrics, RateLimits rate_limits,
                        std::chrono::milliseconds account_recheck,
                        const PasswordResetMail& reset_mail) {
    // One cache of the sessions' standing, shared by the token check and the sign-out routes (which
    // make it forget what they revoke).
    auto sessions = std::make_shared<SessionStanding>(p.sessions, p.clock, account_recheck);
    RouteBuilder routes(
        router,
        std::make_shared<LearnerTokens>(
            p.tokens, p.clock,
            std::make_shared<AccountStanding>(p.accounts, p.clock, account_recheck), sessions));
    learner::add_account_routes(routes, p, metrics, rate_limits, sessions, reset_mail);
    learner::add_session_routes(routes, p, sessions);
    learner::add_language_routes(routes, p);
    learner::add_profile_routes(routes, p);
    learner::add_progress_routes(routes, p, metrics);
    learner::add_stats_routes(routes, p);
    learner::add_feed_routes(routes, p);
    learner::add_learning_routes(routes, p);
    learner::add_practice_routes(routes, p);
}

}  // namespace ll::http
