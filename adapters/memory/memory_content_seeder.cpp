// The seed writer (demo content, tests) on the content tables: pairs and categories as the
// authoring store holds them, so booking, stats and feed read one source.
#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

class MemoryContentSeeder final : public ContentSeeder {
  public:
    explicit MemoryContentSeeder(MemoryBackend::State& s) : s_(s) {}

    // An existing titel_de gives its id (the SQL version: ON CONFLICT (titel_de)).
    Id add_category(const std::string& titel_de) override {
        std::lock_guard lock(s_.mutex);
        ContentTables& t = s_.content;
        for (const auto& [id, category] : t.categories) {
            if (category.titel_de == titel_de) return id;
        }
        const Id id = t.next.categories++;
        t.categories[id] = Category{id, titel_de};
        return id;
    }

    Id add_pair(const SeedPair& seed) override {
        std::lock_guard lock(s_.mutex);
        ContentTables& t = s_.content;
        Pair pair;
        pair.id = t.next.pairs++;
        pair.answer_type = seed.answer_type;
        pair.status = seed.status;
        pair.created_at = pair.updated_at = std::chrono::time_point_cast<std::chrono::milliseconds>(
            std::chrono::system_clock::now());
        t.pairs[pair.id] = pair;
        for (Id category : seed.category_ids) t.pair_categories.insert({pair.id, category});
        return pair.id;
    }

    std::int64_t pair_count() override {
        std::lock_guard lock(s_.mutex);
        return static_cast<std::int64_t>(s_.content.pairs.size());
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<ContentSeeder> make_memory_content_seeder(MemoryBackend::State& s) {
    return std::make_unique<MemoryContentSeeder>(s);
}

}  // namespace ll
