// Register and login (docs/spec/service.md), with the limits of docs/spec/decisions.md 10.
#include <memory>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/login.hpp"
#include "core/app/register_user.hpp"

namespace ll::http::learner {
namespace {

// The register/login limits, shared by both routes.
struct AuthLimits {
    AuthLimits(const RateLimits& l, const Clock& clock)
        : trusted_proxies(l.trusted_proxies),
          per_address(l.auth_rate_per_minute, std::chrono::minutes{1}),
          failed_logins(l.login_failures_per_email, clock) {}
    std::vector<std::string> trusted_proxies;
    SlidingWindow per_address;
    InProcessLoginThrottle failed_logins;
};

// Counts the request against its client address on the I/O thread, before the body is read or
// any hashing is queued; 429 over the limit.
Guard address_limit(std::shared_ptr<AuthLimits> limits, const Clock& clock) {
    return [limits, &clock](Request& request) -> std::optional<Response> {
        const std::string address = client_address(
            request.client_address, request.header("x-forwarded-for"), limits->trusted_proxies);
        if (const auto wait = limits->per_address.take(address_key(address), clock.now()))
            return error_response(errors::too_many_requests(*wait));
        return std::nullopt;
    };
}

// Register and login bodies are two short strings (an e-mail of at most 254 bytes, a password of
// at most 1,024 characters): a few KiB, whatever MAX_BODY_BYTES allows elsewhere.
constexpr std::size_t kCredentialsBodyBytes = 8 * 1024;

}  // namespace

void add_account_routes(RouteBuilder& routes, LearnerPorts p, Metrics& metrics,
                        const RateLimits& rate_limits) {
    auto limits = std::make_shared<AuthLimits>(rate_limits, p.clock);
    routes.add(
        {"POST",
         {"/auth/register"},
         Auth::open,
         Body::json,
         [p, &metrics](Call& c) mutable {
             auto result = register_user(p, RegisterInput{c.field("email"), c.field("password")});
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
                    auto result = login(p, limits->failed_logins,
                                        LoginInput{c.field("email"), c.field("password")});
                    metrics.increment("langlearn_logins_total", "outcome",
                                      result ? "success" : std::to_string(result.error().status));
                    Response r = answer(result);
                    if (result) r.user_id = result->id;
                    return r;
                },
                Execution::cpu_heavy,
                kCredentialsBodyBytes,
                address_limit(limits, p.clock)});
}

}  // namespace ll::http::learner
