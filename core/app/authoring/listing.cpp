#include "core/app/authoring/listing.hpp"

namespace ll {

Result<Page> page_of(const LooseValue& query) {
    auto limit = fields::integer(query["limit"], "limit", 1, kMaxListLimit);
    if (!limit) return limit.error();
    auto after = fields::id(query["after"], "after");
    if (!after) return after.error();
    return Page{after.value(), static_cast<int>(limit.value().value_or(kDefaultListLimit))};
}

Result<std::optional<std::string>> status_filter(const LooseValue& query,
                                                 std::initializer_list<std::string_view> statuses) {
    return fields::choice(query["status"], "status", statuses);
}

}  // namespace ll
