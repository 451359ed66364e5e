#pragma once
// The paging and filters of the authoring lists (docs/spec/authoring.md "Conventions": `limit`
// default 50, at most 200; `after` the last id of the previous page). Query parameters arrive as a
// LooseValue object of strings.
#include "core/domain/fields.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

inline constexpr int kDefaultListLimit = 50;
inline constexpr int kMaxListLimit = 200;

Result<Page> page_of(const LooseValue& query);

// `status=` filter limited to the statuses the item kind has.
Result<std::optional<std::string>> status_filter(const LooseValue& query,
                                                 std::initializer_list<std::string_view> statuses);

}  // namespace ll
