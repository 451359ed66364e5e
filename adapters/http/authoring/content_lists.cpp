// The studio's content lists across pictures (docs/authoring-guide.md "Content lists"): every
// staff role may search them and act on many items, as on one.
#include "adapters/http/json/content_lists.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/content_lists.hpp"

namespace ll::http::authoring {

void add_content_list_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"GET", {"/api/content/pairs"}, Auth::token, Body::none, [p](Call& c) mutable {
                    return answer(decoded(list_content_pairs, p, c.query()));
                }});
    routes.add({"POST", {"/api/content/pairs/bulk"}, Auth::token, Body::json, [p](Call& c) mutable {
                    return answer(decoded(bulk_pairs, p, c.loose_body()));
                }});
}

}  // namespace ll::http::authoring
