#pragma once
// The studio's learner preview of a pair (GET /api/cms/db-pairs/:id/preview): its `item` is
// written by the feed's own writer (json/learner.hpp), so it is one GET /feed entry by
// construction.
#include <boost/json.hpp>

#include "core/app/authoring/preview.hpp"

namespace ll::http {

boost::json::value to_json(const PairPreview& preview);

}  // namespace ll::http
