#include "apps/langlearn-admin/demo_seed.hpp"

namespace ll {

int seed_demo_content(StorageBackend& storage) {
    ContentSeeder& content = storage.content_seeder();
    if (content.pair_count() > 0) return 0;  // a catalogue exists already: leave it alone
    const Id animals = content.add_category("Tiere");
    const Id food = content.add_category("Essen");
    const Id colours = content.add_category("Farben");
    const struct {
        const char* type;
        std::vector<Id> categories;
    } pairs[] = {{"word", {animals}},     {"word", {food, colours}}, {"question", {animals}},
                 {"question", {colours}}, {"text", {food}},          {"text", {animals, food}},
                 {"yes_no", {colours}},   {"yes_no", {animals}}};
    for (const auto& p : pairs) content.add_pair(SeedPair{p.type, "published", p.categories});
    return static_cast<int>(std::size(pairs));
}

}  // namespace ll
