#pragma once
// One page of a content list (core/ports/content_store.hpp): ids > after, in ascending order,
// at most limit rows.
#include <optional>

#include "core/domain/content.hpp"

namespace ll {

struct Page {
    std::optional<Id> after;  // ids > after
    int limit = 50;           // > 0
};

}  // namespace ll
