#pragma once
// A request body read straight into the core's LooseValue tree: Boost.JSON's parser
// (boost::json::basic_parser) calls a handler that builds the tree, so a body is parsed once and
// held once, with no Boost.JSON document in between. What it accepts and the tree it builds are
// those of boost::json::parse with its default options (nesting at most 32 deep, UTF-8 checked,
// no comments or trailing commas) read into LooseValues: a repeated key keeps its last value at
// its first place, as a Boost.JSON object does (fuzz/json_body_fuzz.cpp compares the two
// on every input).
#include <optional>
#include <string_view>

#include "core/domain/loose_value.hpp"

namespace ll::http {

// The body as a JSON object; nullopt for unparsable JSON or JSON that is not an object
// (400 Invalid JSON body, docs/spec/decisions.md 3).
std::optional<LooseValue> parse_body(std::string_view body);

// Any JSON document (nullopt when unparsable): the tests' way to write values.
std::optional<LooseValue> parse_json(std::string_view text);

}  // namespace ll::http
