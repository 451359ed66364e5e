#pragma once
// The editors' card analytics (GET /api/analytics/cards, GET /api/cms/db-pairs/:id/analytics;
// docs/openapi-authoring.yaml CardFigures).
#include <boost/json.hpp>

#include "core/app/authoring/card_analytics.hpp"

namespace ll::http {

boost::json::value to_json(const CardFiguresList& list);
boost::json::value to_json(const PairFigures& pair);

}  // namespace ll::http
