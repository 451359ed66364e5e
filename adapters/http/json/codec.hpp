#pragma once
// JSON out with Boost.JSON: values become text (request bodies are read by body_parser.hpp).
// Its own library (langlearn_json), so that tests of the core can write request bodies as JSON
// without the HTTP server.
#include <optional>
#include <string>

#include <boost/json.hpp>

#include "core/domain/content.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/types.hpp"

namespace ll::http {

namespace json = boost::json;

// The value as JSON text with numbers as people write them: Boost.JSON prints every double with
// an exponent (0.5 as 5E-1, 1.0 as 1E0); here they print as 0.5 and 1 (the shortest text that
// reads back as the same double). Every answer body goes through it.
std::string to_text(const json::value& value);

// JSON helpers for optional values.
json::value nullable(const std::optional<std::string>& v);
json::value nullable(const std::optional<std::int64_t>& v);
json::value nullable(const std::optional<int>& v);
json::value nullable(const std::optional<double>& v);
// An instant as docs/openapi.yaml's Timestamp, or null.
json::value timestamp(const std::optional<Timestamp>& t);
// An object's shapes as docs/openapi-authoring.yaml's Selection: the studio's objects and the
// practice queue's outlines (docs/learning.md "Exercises").
json::array selections_json(const std::vector<Selection>& selections);
// A core value tree as JSON (a missing value as null): the content history's fields
// (docs/authoring-guide.md "History"), stored and answered as JSON.
json::value loose_json(const LooseValue& value);

}  // namespace ll::http
