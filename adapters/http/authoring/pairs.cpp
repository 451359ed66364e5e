// Pairs (db_pairs) and the publishing pipeline (docs/spec/authoring.md).
#include "core/app/authoring/pairs.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "adapters/http/json/preview.hpp"
#include "core/app/authoring/preview.hpp"

namespace ll::http::authoring {

void add_pair_routes(RouteBuilder& routes, AuthoringPorts p, PreviewPorts preview) {
    routes.add({"GET", {"/api/cms/db-pairs"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_pairs, p, c.query()));
                }});
    routes.add({"POST", {"/api/cms/db-pairs"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(decoded(create_pair, p, c.loose_body()), 201);
                }});
    routes.add({"GET", {"/api/cms/db-pairs/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(get_pair(p, c.id));
                }});
    routes.add({"PATCH", {"/api/cms/db-pairs/:id"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(
                        decoded(patch_pair, p, c.id, c.loose_body(), if_match(c.request)));
                }});
    routes.add({"DELETE", {"/api/cms/db-pairs/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(delete_pair(p, c.id, if_match(c.request)));
                }});
    // The learner preview (docs/authoring-guide.md "Learner preview"): every staff role.
    routes.add({"GET",
                {"/api/cms/db-pairs/:id/preview"},
                Auth::token,
                Body::none,
                [preview](Call& c) mutable {
                    const auto r = decoded(preview_pair, preview, c.id, c.query());
                    return r ? json_ok(200, to_json(r.value())) : error_response(r.error());
                }});
    add_review_routes(
        routes, {"/api/cms/db-pairs/:id"}, p,
        [](AuthoringPorts& p, Id id, ReviewAction a, const std::vector<Audio>& spoken) {
            return change_pair_status(p, id, a, spoken);
        },
        "pairs");
    routes.add({"POST", {"/api/pipeline/publish"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(publish_pipeline, p, c.loose_body()));
                }});
}

}  // namespace ll::http::authoring
