// The feed computed from the content tables by the core's rule (core/domain/feed_rules.hpp),
// the same as the query of adapters/persistence/sql_feed.cpp: published pairs whose picture has
// an image and whose statement has audio in `lang`, by pair id.
#include <algorithm>

#include "adapters/memory/memory_state.hpp"
#include "core/app/feed_item.hpp"
#include "core/domain/feed_rules.hpp"

namespace ll {
namespace {

// The audios of one item.
std::vector<Audio> audios_of(const ContentTables& t, std::string_view table, Id id) {
    std::vector<Audio> audios;
    for (const auto& [key, audio] : t.audios) {
        if (audio.source.table == table && audio.source.id == id) audios.push_back(audio);
    }
    return audios;
}

template <typename Row>
const Row* find(const std::map<Id, Row>& table, const std::optional<Id>& id) {
    if (!id) return nullptr;
    const auto it = table.find(*id);
    return it == table.end() ? nullptr : &it->second;
}

class MemoryFeed final : public FeedQuery {
  public:
    explicit MemoryFeed(MemoryBackend::State& s) : s_(s) {}

    std::vector<FeedItem> page(std::string_view lang, std::optional<Id> after, int limit) override {
        std::lock_guard lock(s_.mutex);
        const ContentTables& t = s_.content;
        std::vector<FeedItem> items;
        auto it = after ? t.pairs.upper_bound(*after) : t.pairs.begin();
        for (; it != t.pairs.end() && static_cast<int>(items.size()) < limit; ++it) {
            if (auto item = memory_feed_entry(t, it->second, lang))
                items.push_back(*std::move(item));
        }
        return items;
    }

    std::vector<FeedItem> items(std::string_view lang, const std::vector<Id>& pair_ids) override {
        std::lock_guard lock(s_.mutex);
        const ContentTables& t = s_.content;
        std::vector<FeedItem> items;
        for (const auto& [id, pair] : t.pairs) {  // by pair id
            if (std::find(pair_ids.begin(), pair_ids.end(), id) == pair_ids.end()) continue;
            if (auto item = memory_feed_entry(t, pair, lang)) items.push_back(*std::move(item));
        }
        return items;
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::optional<FeedItem> memory_feed_entry(const ContentTables& t, const Pair& pair,
                                          std::string_view lang) {
    const std::string language(lang);
    const Picture* picture = find(t.pictures, pair.picture_id);
    const Statement* statement = find(t.statements, pair.statement_id);
    const std::vector<Audio> statement_audios =
        statement ? audios_of(t, "statements", statement->id) : std::vector<Audio>{};
    const Audio* audio = feed_statement_audio(statement_audios, language);
    const FeedFacts facts{pair.status == status::kPublished, picture && picture->image_path,
                          audio != nullptr};
    if (!feed_exclusions(facts, language).empty()) return std::nullopt;
    const Question* question = find(t.questions, pair.question_id);
    const std::vector<Audio> question_audios =
        question ? audios_of(t, "questions", question->id) : std::vector<Audio>{};
    const std::vector<Category> categories = categories_of(t, t.pair_categories, pair.id);
    return feed_item_of(FeedRows{pair, picture, statement, question, audio,
                                 feed_question_audio(question_audios, language), categories});
}

std::unique_ptr<FeedQuery> make_memory_feed(MemoryBackend::State& s) {
    return std::make_unique<MemoryFeed>(s);
}

}  // namespace ll
