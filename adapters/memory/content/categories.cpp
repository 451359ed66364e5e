// Categories in memory: MemoryContentTx's CategoryRows (core/ports/content/categories.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {

std::vector<Category> MemoryContentTx::categories() {
    std::vector<Category> out;
    for (const auto& [id, category] : t_.categories) out.push_back(category);
    return out;
}

std::optional<Category> MemoryContentTx::category(Id id) {
    return find_row(t_.categories, id);
}

// The one mutex keeps every other writer out already.
std::optional<Category> MemoryContentTx::keep_category(Id id) {
    return category(id);
}

std::optional<Category> MemoryContentTx::insert_category(const std::string& titel_de) {
    for (const auto& [id, category] : t_.categories) {
        if (category.titel_de == titel_de) return std::nullopt;
    }
    ContentTables& t = rw();
    const Category stored{t.next.categories++, titel_de};
    t.categories[stored.id] = stored;
    return stored;
}

bool MemoryContentTx::rename_category(Id id, const std::string& titel_de) {
    for (const auto& [other, category] : t_.categories) {
        if (other != id && category.titel_de == titel_de) return false;
    }
    rw().categories.at(id).titel_de = titel_de;
    return true;
}

void MemoryContentTx::set_category_titles(Id id, const fields::Change<std::string>& titel_en,
                                          const fields::Change<std::string>& titel_sv) {
    Category& category = rw().categories.at(id);
    if (titel_en.present) category.titel_en = titel_en.value;
    if (titel_sv.present) category.titel_sv = titel_sv.value;
}

std::vector<Id> MemoryContentTx::category_pairs(Id id) {
    std::vector<Id> out;
    for (const auto& [pair, category] : t_.pair_categories) {
        if (category == id) out.push_back(pair);  // the set is ordered by pair
    }
    return out;
}

// The memory store sums the learners' figures when read: nothing to delete for them.
void MemoryContentTx::delete_category(Id id) {
    ContentTables& t = rw();
    erase_rows(t.word_categories, [&](const auto& link) { return link.second == id; });
    erase_rows(t.pair_categories, [&](const auto& link) { return link.second == id; });
    t.categories.erase(id);
}

std::vector<Category> categories_of(const ContentTables& t,
                                    const std::set<std::pair<Id, Id>>& links, Id owner) {
    std::vector<Category> out;
    // The set is ordered by (owner, category): one owner's links are adjacent, by category id.
    for (auto it = links.lower_bound({owner, 0}); it != links.end() && it->first == owner; ++it) {
        if (const auto category = t.categories.find(it->second); category != t.categories.end())
            out.push_back(category->second);
    }
    return out;
}

}  // namespace ll
