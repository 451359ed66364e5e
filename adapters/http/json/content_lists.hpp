#pragma once
// The studio's content lists (GET /api/content/pairs, /words, /statements and /questions, POST
// .../bulk; docs/openapi-authoring.yaml PairList, WordList, StatementList, QuestionList,
// BulkResult).
#include <boost/json.hpp>

#include "core/app/authoring/content_lists.hpp"

namespace ll::http {

boost::json::value to_json(const PairList& list);
boost::json::value to_json(const WordList& list);
boost::json::value to_json(const StatementList& list);
boost::json::value to_json(const QuestionList& list);
boost::json::value to_json(const BulkResult& result);

}  // namespace ll::http
