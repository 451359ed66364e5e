// Row locks in memory: MemoryContentTx's ItemLocks (core/ports/content/item_locks.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {

// The same: the one mutex serialises the version check and the write already.
bool MemoryContentTx::lock_item(ItemKind kind, Id id) {
    const auto has = [id](const auto& rows) { return rows.count(id) > 0; };
    switch (kind) {
        case ItemKind::picture:
            return has(t_.pictures);
        case ItemKind::object:
            return has(t_.objects);
        case ItemKind::word:
            return has(t_.words);
        case ItemKind::statement:
            return has(t_.statements);
        case ItemKind::question:
            return has(t_.questions);
        case ItemKind::pair:
            return has(t_.pairs);
        case ItemKind::category:
            return has(t_.categories);
    }
    return false;
}

}  // namespace ll
