// GET and PUT /auth/learning: the learner's schedule settings (docs/learning.md "Settings"), and
// on GET the languages practised.
#include "adapters/http/json/learning.hpp"
#include "adapters/http/api/answers.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/learning/settings.hpp"

namespace ll::http::learner {

void add_learning_routes(RouteBuilder& routes, LearnerPorts p) {
    routes.add({"GET", {"/auth/learning"}, Auth::token, Body::none, [p](Call& c) {
                    return json_ok(200, to_json(learning_overview(p, c.claims().user_id)));
                }});
    LearningSettingsRepository& settings = p.learning_settings;
    const Clock& clock = p.clock;
    routes.add({"PUT", {"/auth/learning"}, Auth::token, Body::json, [&settings, &clock](Call& c) {
                    return answer(with_decoded<LearningSettingsChange>(
                        c.body, [&](const LearningSettingsChange& change) {
                            return change_learning_settings(settings, clock, c.claims().user_id,
                                                            change);
                        }));
                }});
}

}  // namespace ll::http::learner
