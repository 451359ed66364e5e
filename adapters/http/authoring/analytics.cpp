// Card analytics for editors (docs/learning.md "Card analytics"): every staff role may read them.
#include "adapters/http/json/analytics.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/card_analytics.hpp"

namespace ll::http::authoring {

void add_analytics_routes(RouteBuilder& routes, CardAnalyticsPorts p) {
    routes.add({"GET", {"/api/analytics/cards"}, Auth::token, Body::none, [p](Call& c) mutable {
                    const auto query = decode<CardFiguresQuery>(c.query());
                    if (!query) return error_response(query.error());
                    return answer(list_card_figures(p, query.value()));
                }});
    routes.add(
        {"GET", {"/api/cms/db-pairs/:id/analytics"}, Auth::token, Body::none, [p](Call& c) mutable {
             return answer(pair_figures(p, c.id));
         }});
}

}  // namespace ll::http::authoring
