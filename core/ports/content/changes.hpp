#pragma once
// The content's history, part of the content unit of work (core/ports/content_store.hpp): one
// row per recorded change (core/domain/content_changes.hpp), written in the transaction that
// makes the change, never updated. Lists are ordered by id DESCENDING (newest first) and paged
// by ids < before.
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content_changes.hpp"

namespace ll {

// At most one of: an item (item and item_id), an editor, a picture; none: every change.
struct ChangeFilter {
    std::optional<std::string> item;  // with item_id: one item's history
    std::optional<Id> item_id;
    std::optional<Id> editor_id;   // one editor's activity
    std::optional<Id> picture_id;  // one picture's activity
};

struct ChangePage {
    std::optional<Id> before;  // ids < before
    int limit = 50;            // > 0
};

class ChangeRows {
  public:
    virtual ~ChangeRows() = default;

    // Stores the change as given (its id is assigned) and returns its id.
    virtual Id record_change(const ContentChange& change) = 0;
    virtual std::optional<ContentChange> change(Id id) = 0;
    virtual std::vector<ContentChange> changes(const ChangeFilter& filter,
                                               const ChangePage& page) = 0;
};

}  // namespace ll
