#pragma once
// Row locks on the items a conditional PATCH or DELETE checks (If-Match), part of the content
// unit of work (core/ports/content_store.hpp).
#include "core/domain/types.hpp"

namespace ll {

// (Adapters may index tables by this order: add new kinds at the end.)
enum class ItemKind { picture, object, word, statement, question, pair, category };

class ItemLocks {
  public:
    virtual ~ItemLocks() = default;

    // Locks the item's row until the end of the write transaction (PostgreSQL: SELECT ... FOR
    // UPDATE; SQLite's and memory's write transactions are serialised already), so what the
    // use case reads afterwards is what it overwrites: the version check and the write cannot
    // interleave with another writer's. false: no such item. A category's delete takes this
    // lock first, so it waits for writes that keep the category (CategoryRows::keep_category)
    // and they for it.
    virtual bool lock_item(ItemKind kind, Id id) = 0;
};

}  // namespace ll
