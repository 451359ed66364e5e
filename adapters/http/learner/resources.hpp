#pragma once
// The learner API's routes by resource, each in its own file; routes.cpp puts them together.
#include "adapters/http/api/route_builder.hpp"
#include "adapters/http/api/sign_in_limits.hpp"
#include "adapters/http/learner/routes.hpp"
#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/rate_limiter.hpp"
#include "core/app/learner_ports.hpp"
#include "core/app/session_standing.hpp"

namespace ll::http::learner {

// POST /auth/register, POST /auth/login (accounts.cpp); with them the routes that share their
// limits (account data, passwords).
void add_account_routes(RouteBuilder& routes, LearnerPorts p, Metrics& metrics,
                        const RateLimits& limits, std::shared_ptr<SessionStanding> sessions,
                        const PasswordResetMail& reset_mail);
// POST /auth/refresh, /auth/logout, /auth/logout-all (sessions.cpp).
void add_session_routes(RouteBuilder& routes, LearnerPorts p,
                        std::shared_ptr<SessionStanding> standing);
// GET /auth/languages (languages.cpp).
void add_language_routes(RouteBuilder& routes, LearnerPorts p);
// GET /auth/me, GET /auth/check-username, POST /auth/profile, PUT /auth/goal (profile.cpp).
void add_profile_routes(RouteBuilder& routes, LearnerPorts p);
// POST /auth/progress (progress.cpp).
void add_progress_routes(RouteBuilder& routes, LearnerPorts p, Metrics& metrics);
// GET /auth/stats, GET /auth/achievements (stats.cpp).
void add_stats_routes(RouteBuilder& routes, LearnerPorts p);
// GET /feed (feed.cpp).
void add_feed_routes(RouteBuilder& routes, LearnerPorts p);
// GET and PUT /auth/learning (learning.cpp): the settings' port alone.
void add_learning_routes(RouteBuilder& routes, LearnerPorts p);
// GET /auth/practice (practice.cpp).
void add_practice_routes(RouteBuilder& routes, LearnerPorts p);
// DELETE /auth/me, GET /auth/me/export (account_data.cpp); the password check shares the login's
// lockout (added by add_account_routes).
void add_account_data_routes(RouteBuilder& routes, LearnerPorts p,
                             std::shared_ptr<SignInLimits> limits);

// PUT /auth/password, POST /auth/password-reset and /auth/password-reset/confirm (passwords.cpp;
// added by add_account_routes).
void add_password_routes(RouteBuilder& routes, LearnerPorts p, Metrics& metrics,
                         std::shared_ptr<SignInLimits> limits,
                         std::shared_ptr<SessionStanding> sessions,
                         const PasswordResetMail& reset_mail);

}  // namespace ll::http::learner
