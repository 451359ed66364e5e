// GET and PUT /auth/learning: the learner's schedule settings (docs/learning.md "Settings").
#include "adapters/http/api/answers.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/learning/settings.hpp"

namespace ll::http::learner {

void add_learning_routes(RouteBuilder& routes, LearningSettingsRepository& settings,
                         const Clock& clock) {
    routes.add({"GET", {"/auth/learning"}, Auth::token, Body::none, [&settings](Call& c) {
                    return json_ok(200, to_json(learning_settings(settings, c.claims().user_id)));
                }});
    routes.add({"PUT", {"/auth/learning"}, Auth::token, Body::json, [&settings, &clock](Call& c) {
                    return answer(change_learning_settings(settings, clock, c.claims().user_id,
                                                           c.loose_body()));
                }});
}

}  // namespace ll::http::learner
