// The learner's statistics and achievements (docs/spec/service.md); the statistics with an ETag
// the app revalidates (api/revalidation.hpp).
#include "adapters/http/api/answers.hpp"
#include "adapters/http/api/revalidation.hpp"
#include "adapters/http/learner/resources.hpp"
#include "adapters/http/server/accept_language.hpp"
#include "core/app/get_stats.hpp"
#include "core/app/list_achievements.hpp"

namespace ll::http::learner {

void add_stats_routes(RouteBuilder& routes, LearnerPorts p) {
    routes.add({"GET", {"/auth/achievements"}, Auth::token, Body::none, [p](Call& c) mutable {
                    return json_ok(200, to_json(list_achievements(p, c.claims().user_id)));
                }});
    routes.add({"GET", {"/auth/stats"}, Auth::token, Body::none, [p](Call& c) mutable {
                    const auto asked = asked_language(c.request);
                    const Stats stats = get_stats(p, c.claims().user_id, asked.value_or(Lang::de));
                    Response fresh = json_ok_in_arena(
                        200, [&](json::storage_ptr storage) { return to_json(stats, storage); });
                    say_language(fresh, asked);
                    return revalidated(c.request, std::move(fresh));
                }});
}

}  // namespace ll::http::learner
