// The feed computed from the content tables, the same query as adapters/persistence/
// sql_feed.cpp: published pairs whose picture has an image and whose statement has audio in
// `lang`, by pair id.
#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

// Stored media names become public URLs under /media/.
std::string media_url(const std::string& stored) {
    const auto slash = stored.find_last_of('/');
    return "/media/" + (slash == std::string::npos ? stored : stored.substr(slash + 1));
}

// The statement's audio in `lang`: the one of field text_<lang> first, else the lowest id.
const Audio* statement_audio(const ContentTables& t, Id statement_id, const std::string& lang) {
    const Audio* best = nullptr;
    for (const auto& [id, audio] : t.audios) {
        const AudioSource& s = audio.source;
        if (s.table != "statements" || s.id != statement_id || s.language != lang) continue;
        if (s.field == "text_" + lang) return &audio;
        if (!best) best = &audio;
    }
    return best;
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
        const std::string language(lang);
        std::vector<FeedItem> items;
        auto it = after ? t.pairs.upper_bound(*after) : t.pairs.begin();
        for (; it != t.pairs.end() && static_cast<int>(items.size()) < limit; ++it) {
            const Pair& pair = it->second;
            if (pair.status != status::kPublished) continue;
            const Picture* picture = find(t.pictures, pair.picture_id);
            const Statement* statement = find(t.statements, pair.statement_id);
            if (!picture || !picture->image_path || !statement) continue;
            const Audio* audio = statement_audio(t, statement->id, language);
            if (!audio) continue;

            FeedItem item;
            item.pair_id = pair.id;
            item.answer_type = pair.answer_type;
            item.level = pair.level;
            item.statement_de = statement->text_de;
            item.statement_en = statement->text_en;
            item.statement_sv = statement->text_sv;
            if (const Question* q = find(t.questions, pair.question_id)) {
                item.question =
                    FeedQuestion{q->text_de,         q->text_en,         q->text_sv,
                                 q->short_answer_de, q->short_answer_en, q->short_answer_se};
            }
            item.image_url = media_url(*picture->image_path);
            if (picture->phone_path) item.image_phone_url = media_url(*picture->phone_path);
            item.audio_url = media_url(audio->file_path);
            for (const Category& c : categories_of(t, t.pair_categories, pair.id))
                item.categories.push_back(FeedCategory{c.id, c.titel_de});
            items.push_back(std::move(item));
        }
        return items;
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<FeedQuery> make_memory_feed(MemoryBackend::State& s) {
    return std::make_unique<MemoryFeed>(s);
}

}  // namespace ll
