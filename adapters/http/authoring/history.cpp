// The content's history (docs/authoring-guide.md "History"): every staff role may read it and
// restore a text's earlier version (as its edit, which a live text keeps as its draft).
#include "adapters/http/json/history.hpp"  // before answers.hpp's template that calls to_json

#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/history.hpp"

namespace ll::http::authoring {

void add_history_routes(RouteBuilder& routes, AuthoringPorts p, AccountRepository& accounts) {
    routes.add({"GET", {"/api/content/changes"}, Auth::token, Body::none, [p, &accounts](Call& c) {
                    return answer(with_decoded<ChangeListRequest>(
                        c.query(), [&](const ChangeListRequest& request) {
                            AuthoringPorts mine = acting_for(p, c);
                            return list_changes(mine, accounts, request);
                        }));
                }});
    routes.add({"GET", {"/api/content/changes/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(get_change(p, c.id));
                }});
    routes.add(
        {"POST", {"/api/content/changes/:id/restore"}, Auth::token, Body::none, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return answer(restore_change(p, c.id, if_match(c.request)));
         }});
}

}  // namespace ll::http::authoring
