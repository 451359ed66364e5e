// Sessions that last and can be revoked (docs/accounts.md "Sessions and sign-out"):
// POST /auth/refresh, /auth/logout, /auth/logout-all.
#include "adapters/http/api/answers.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/refresh_sessions.hpp"

namespace ll::http::learner {

void add_session_routes(RouteBuilder& routes, LearnerPorts p,
                        std::shared_ptr<SessionStanding> standing) {
    // Open: the refresh token is the credential (the access token may have expired).
    routes.add({"POST", {"/auth/refresh"}, Auth::open, Body::json, [p, standing](Call& c) mutable {
                    return answer(with_decoded<RefreshTokenRequest>(
                        c.body, [&](const RefreshTokenRequest& r) {
                            return refresh_session(p, *standing, r);
                        }));
                }});
    routes.add({"POST", {"/auth/logout"}, Auth::token, Body::json, [p, standing](Call& c) mutable {
                    return no_content(with_decoded<RefreshTokenRequest>(
                        c.body, [&](const RefreshTokenRequest& r) {
                            return logout(p, *standing, c.claims(), r);
                        }));
                }});
    // No body needed: the access token says whose sessions end.
    routes.add(
        {"POST", {"/auth/logout-all"}, Auth::token, Body::none, [p, standing](Call& c) mutable {
             return no_content(logout_all(p, *standing, c.claims()));
         }});
}

}  // namespace ll::http::learner
