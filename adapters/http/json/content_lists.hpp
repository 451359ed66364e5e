#pragma once
// The studio's content lists (GET /api/content/pairs and /api/content/words, POST .../bulk;
// docs/openapi-authoring.yaml PairList, WordList, BulkResult).
#include <boost/json.hpp>

#include "core/app/authoring/content_lists.hpp"

namespace ll::http {

boost::json::value to_json(const PairList& list);
boost::json::value to_json(const WordList& list);
boost::json::value to_json(const BulkResult& result);

}  // namespace ll::http
