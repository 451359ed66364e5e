// Register and login (docs/spec/service.md), with the limits of docs/spec/decisions.md 10.
#include <memory>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/api/sign_in_limits.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/login.hpp"
#include "core/app/register_user.hpp"

namespace ll::http::learner {

void add_account_routes(RouteBuilder& routes, LearnerPorts p, Metrics& metrics,
                        const RateLimits& rate_limits, std::shared_ptr<SessionStanding> sessions,
                        const PasswordResetMail& reset_mail) {
    auto limits = std::make_shared<SignInLimits>(rate_limits, p.clock);
    routes.add({"POST",
                {"/auth/register"},
                Auth::open,
                Body::json,
                [p, &metrics](Call& c) mutable {
                    auto result = with_decoded<Credentials>(c.body, [&](const Credentials& r) {
                        return register_user(p, r, c.request.header("user-agent").value_or(""));
                    });
                    if (result) metrics.increment("langlearn_registrations_total");
                    return answer(result, 201);
                },
                Execution::cpu_heavy,
                kCredentialsBodyBytes,
                address_limit(limits, p.clock)});
    routes.add({"POST",
                {"/auth/login"},
                Auth::open,
                Body::json,
                [p, limits, &metrics](Call& c) mutable {
                    // Too many failed logins for the account: 429 without trying the password.
                    auto result = with_decoded<Credentials>(c.body, [&](const Credentials& r) {
                        return login(p, limits->failed_logins,
                                     LoginInput{r, client_of(*limits, c.request)},
                                     c.request.header("user-agent").value_or(""));
                    });
                    metrics.increment("langlearn_logins_total", "outcome",
                                      result ? "success" : std::to_string(result.error().status));
                    Response r = answer(result);
                    if (result) r.user_id = result->id;
                    return r;
                },
                Execution::cpu_heavy,
                kCredentialsBodyBytes,
                address_limit(limits, p.clock)});
    // Deleting an account checks its password against the login's lockout.
    add_account_data_routes(routes, p, limits);
    // PUT /auth/password: the current password is checked against the same lockout, and the reset
    // routes share the per-address limit.
    add_password_routes(routes, p, metrics, limits, std::move(sessions), reset_mail);
}

}  // namespace ll::http::learner
