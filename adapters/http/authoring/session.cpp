// The studio's sign-in (docs/studio.md "Sign-in and sessions"): POST /api/session with the
// login's checks and limits, GET /api/session (who is signed in), DELETE /api/session
// (sign-out). The cookie itself is accepted on every /api route by the staff access policy
// (api/access_policy.*).
#include <memory>

#include "adapters/http/api/sign_in_limits.hpp"
#include "adapters/http/api/staff_cookie.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "adapters/http/server/media_types.hpp"

namespace ll::http::authoring {
namespace {

// The request's own origin decides the cookie's Secure attribute.
bool secure(const Request& request, const RateLimits& limits) {
    return arrived_over_https(request, OriginPolicy{limits.trusted_proxies, limits.public_origin});
}

// The address limit of /auth/login, then a sign-in posted by a page of another origin is
// refused (login CSRF), and so is one that is no JSON (a form another site posts, which a
// browser sends without asking: docs/studio.md "Sign-in and sessions"); all on the I/O thread
// before the body is read.
Guard sign_in_guard(std::shared_ptr<SignInLimits> limits, const Clock& clock) {
    return [limit = address_limit(limits, clock),
            limits](Request& request) -> std::optional<Response> {
        if (auto refused = limit(request)) return refused;
        const auto origin =
            check_sign_in_origin(request.header("origin"), own_origin(request, limits->origin));
        if (!origin) return error_response(origin.error());
        if (!is_json_media_type(request.header("content-type")))
            return error_response(errors::json_content_type_required());
        return std::nullopt;
    };
}

}  // namespace

void add_session_routes(RouteBuilder& routes, StaffSessionPorts p, const RateLimits& rate_limits,
                        Metrics& metrics) {
    auto limits = std::make_shared<SignInLimits>(rate_limits, p.clock);
    routes.add({"POST",
                {"/api/session"},
                Auth::open,
                Body::json,
                [p, limits, rate_limits, &metrics](Call& c) mutable {
                    auto result = with_decoded<Credentials>(c.body, [&](const Credentials& r) {
                        return sign_in_staff(p, limits->failed_logins,
                                             LoginInput{r, client_of(*limits, c.request)});
                    });
                    metrics.increment("langlearn_staff_sign_ins_total", "outcome",
                                      result ? "success" : std::to_string(result.error().status));
                    if (!result) return error_response(result.error());
                    Response r = json_ok(200, to_json(result->view));
                    r.headers.emplace_back("Set-Cookie",
                                           staff_cookie(result->cookie, kStaffSessionLifetime,
                                                        secure(c.request, rate_limits)));
                    r.headers.emplace_back("Cache-Control", "no-store");
                    r.user_id = result->view.user_id;
                    return r;
                },
                Execution::cpu_heavy,
                kCredentialsBodyBytes,
                sign_in_guard(limits, p.clock)});
    routes.add({"GET", {"/api/session"}, Auth::token, Body::none, [p](Call& c) mutable {
                    Response r = answer(current_staff_session(p, c.request.staff.value()));
                    r.headers.emplace_back("Cache-Control", "no-store");
                    return r;
                }});
    routes.add(
        {"DELETE", {"/api/session"}, Auth::token, Body::none, [p, rate_limits](Call& c) mutable {
             Response r = no_content(sign_out_staff(p, c.request.staff.value()));
             if (r.status == 204)
                 r.headers.emplace_back("Set-Cookie", staff_cookie("", std::chrono::seconds(0),
                                                                   secure(c.request, rate_limits)));
             return r;
         }});
}

}  // namespace ll::http::authoring
