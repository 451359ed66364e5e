#pragma once
// Small readers of authoring answers shared by the HTTP tests: ids of a list, one field.
#include <string>
#include <vector>

#include "core/domain/types.hpp"
#include "tests/http/support/http_client.hpp"

namespace ll::test {

// The `id`s of a JSON array answer, in order (empty when the answer is no array).
inline std::vector<Id> ids_of(const Reply& r) {
    std::vector<Id> out;
    if (!r.json.is_array()) return out;
    for (const auto& item : r.json.as_array()) out.push_back(item.at("id").as_int64());
    return out;
}

// A string field of an object answer ("" when it is missing or not a string).
inline std::string field(const Reply& r, const char* name) {
    if (!r.json.is_object()) return "";
    const auto* v = r.json.as_object().if_contains(name);
    return v && v->is_string() ? std::string(v->as_string()) : "";
}

// "/prefix/<id><suffix>"
inline std::string at(const std::string& prefix, Id id, const std::string& suffix = "") {
    return prefix + "/" + std::to_string(id) + suffix;
}

}  // namespace ll::test
