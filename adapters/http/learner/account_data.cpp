// The learner's data as a whole (docs/accounts.md "Deleting an account and exporting its data"):
// DELETE /auth/me erases the account, GET /auth/me/export hands out everything stored about it.
#include "adapters/http/api/answers.hpp"
#include "adapters/http/json/learner_export.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/delete_account.hpp"
#include "core/app/export_account.hpp"

namespace ll::http::learner {

void add_account_data_routes(RouteBuilder& routes, LearnerPorts p,
                             std::shared_ptr<SignInLimits> limits) {
    // The password is checked like a login's (argon2id: cpu_heavy) and its failures count
    // against the same per-account lockout.
    routes.add({"DELETE",
                {"/auth/me"},
                Auth::token,
                Body::json,
                [p, limits](Call& c) mutable {
                    return no_content(with_decoded<DeleteAccountRequest>(
                        c.body, [&](const DeleteAccountRequest& r) {
                            return delete_own_account(p, limits->failed_logins, c.claims().user_id,
                                                      r, client_of(*limits, c.request));
                        }));
                },
                Execution::cpu_heavy,
                kCredentialsBodyBytes});
    routes.add({"GET", {"/auth/me/export"}, Auth::token, Body::none, [p](Call& c) mutable {
                    const auto result = export_account(p, c.claims().user_id);
                    if (!result) return error_response(result.error());
                    Response r = json_ok(200, to_json(result.value()));
                    // A file to keep, not a page to show; never kept by a cache (the token
                    // routes' Cache-Control: no-store, route_builder.cpp).
                    r.headers.emplace_back("Content-Disposition",
                                           "attachment; filename=\"langlearn-export.json\"");
                    return r;
                }});
}

}  // namespace ll::http::learner
