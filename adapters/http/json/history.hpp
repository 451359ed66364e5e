#pragma once
// The content's history (GET /api/content/changes, /api/content/changes/:id, POST
// /api/content/changes/:id/restore; docs/openapi-authoring.yaml ContentChange, ChangeList,
// RestoredItem).
#include <boost/json.hpp>

#include "core/app/authoring/history.hpp"

namespace ll::http {

boost::json::value to_json(const ContentChange& change);
boost::json::value to_json(const ChangeList& list);
boost::json::value to_json(const RestoredItem& restored);

}  // namespace ll::http
