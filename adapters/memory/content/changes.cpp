// ChangeRows on the in-memory content tables (core/ports/content/changes.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {

Id MemoryContentTx::record_change(const ContentChange& change) {
    auto& t = rw();
    ContentChange stored = change;
    stored.id = t.next.changes++;
    t.changes.emplace(stored.id, stored);
    return stored.id;
}

std::optional<ContentChange> MemoryContentTx::change(Id id) {
    return find_row(t_.changes, id);
}

std::vector<ContentChange> MemoryContentTx::changes(const ChangeFilter& filter,
                                                    const ChangePage& page) {
    std::vector<ContentChange> out;
    auto it = page.before ? t_.changes.lower_bound(*page.before) : t_.changes.end();
    while (it != t_.changes.begin() && static_cast<int>(out.size()) < page.limit) {
        --it;
        const auto& c = it->second;
        if (matches(filter.item, c.item) && matches(filter.item_id, c.item_id) &&
            (!filter.editor_id || c.editor_id == filter.editor_id) &&
            (!filter.picture_id || c.picture_id == filter.picture_id)) {
            out.push_back(c);
        }
    }
    return out;
}

}  // namespace ll
