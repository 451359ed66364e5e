#pragma once
// objects.selections as stored: a JSON array of {"type":"bbox","x","y","w","h"} and
// {"type":"polygon","points":[[x,y],...]} (docs/spec/authoring.md), in JSONB (PostgreSQL) or TEXT
// (SQLite). Numbers come back as the very doubles that went in.
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/content.hpp"

namespace ll::sql {

std::string encode_selections(const std::vector<Selection>& selections);
// Entries that are not a well-formed bbox or polygon (hand-edited legacy rows) are left out,
// so such a row stays readable; text that is no JSON array gives an empty list.
std::vector<Selection> decode_selections(std::string_view json);

}  // namespace ll::sql
