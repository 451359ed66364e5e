// Pairs and their categories in memory: MemoryContentTx's PairRows (core/ports/content/pairs.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {
namespace {

bool keeps(const PairFilter& f, const Pair& p) {
    return matches(f.picture_id, p.picture_id) && matches(f.object_id, p.object_id) &&
           matches(f.statement_id, p.statement_id) && matches(f.question_id, p.question_id) &&
           matches(f.status, p.status);
}

}  // namespace

Pair MemoryContentTx::insert_pair(const Pair& pair) {
    ContentTables& t = rw();
    Pair stored = pair;
    stored.id = t.next.pairs++;
    t.pairs[stored.id] = stored;
    return stored;
}

std::optional<Pair> MemoryContentTx::pair(Id id) {
    return find_row(t_.pairs, id);
}

void MemoryContentTx::update_pair(const Pair& pair) {
    const auto it = rw().pairs.find(pair.id);
    if (it == t_.pairs.end()) return;
    const Timestamp created_at = it->second.created_at;
    it->second = pair;
    it->second.created_at = created_at;
}

std::vector<Pair> MemoryContentTx::pairs(const PairFilter& filter, const Page& page) {
    return page_of(t_.pairs, page, [&](const Pair& p) { return keeps(filter, p); });
}

std::int64_t MemoryContentTx::count_pairs(const PairFilter& filter) {
    std::int64_t n = 0;
    for (const auto& [id, pair] : t_.pairs) n += keeps(filter, pair) ? 1 : 0;
    return n;
}

void MemoryContentTx::delete_pair(Id id) {
    ContentTables& t = rw();
    if (!t.pairs.erase(id)) return;
    erase_rows(t.pair_categories, [&](const auto& link) { return link.first == id; });
}

std::vector<Category> MemoryContentTx::pair_categories(Id pair_id) {
    return categories_of(t_, t_.pair_categories, pair_id);
}

void MemoryContentTx::set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) {
    ContentTables& t = rw();
    if (!t.pairs.count(pair_id)) return;
    erase_rows(t.pair_categories, [&](const auto& link) { return link.first == pair_id; });
    for (Id category : category_ids) {
        if (t.categories.count(category)) t.pair_categories.insert({pair_id, category});
    }
}

}  // namespace ll
