// Maintenance: orphaned link records and the link tables (docs/spec/authoring.md); admins
// only (docs/authoring-guide.md "Who may do what").
#include "core/app/authoring/maintenance.hpp"
#include "adapters/http/authoring/resources.hpp"

namespace ll::http::authoring {

void add_maintenance_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"POST", {"/api/purge-all-orphans"}, Auth::admin, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(purge_all_orphans(p));
                }});
    routes.add({"POST", {"/api/cms/setup-m2m"}, Auth::admin, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(setup_link_tables(p));
                }});
}

}  // namespace ll::http::authoring
