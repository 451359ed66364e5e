// The content feed: published pairs with a picture image and statement audio in `lang`, a page
// in one query (db/queries/feed.sql), and the test seeder.
#include <map>

#include "adapters/persistence/audio_columns.hpp"
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_ids.hpp"
#include "adapters/persistence/sql_query.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/app/feed_item.hpp"

namespace ll::sql {
namespace {

const std::string& q(Dialect dialect, std::string_view name) {
    return query(dialect, "feed." + std::string(name));
}

using TextRow = std::vector<std::optional<std::string>>;
constexpr std::size_t kItemColumns = 36;

long long number(const std::optional<std::string>& cell) {
    return cell ? std::stoll(*cell) : 0;
}

// An audio's columns from `first` on: file_path, mime, duration_ms, bytes, opus_path,
// opus_bytes, aac_path, aac_bytes, variants_of (file_path NULL: none).
std::optional<Audio> audio_at(TextRow& r, std::size_t first) {
    if (!r[first]) return std::nullopt;
    const auto variant = [&](std::size_t at) -> std::optional<AudioVariant> {
        if (!r[at]) return std::nullopt;
        return AudioVariant{std::move(*r[at]), number(r[at + 1])};
    };
    Audio a;
    a.file_path = std::move(*r[first]);
    a.mime = r[first + 1].value_or("");
    a.duration_ms = number(r[first + 2]);
    if (r[first + 3]) a.bytes = number(r[first + 3]);
    a.opus = variant(first + 4);
    a.aac = variant(first + 6);
    drop_stale_copies(a, r[first + 8]);
    return a;
}

// A row of feed.page or feed.items.
FeedItem item_of(TextRow& r) {
    FeedItem item;
    item.pair_id = number(r[0]);
    item.answer_type = r[1].value_or("");
    item.level = static_cast<int>(number(r[2]));
    item.statement_de = std::move(r[3]);
    item.statement_en = std::move(r[4]);
    item.statement_sv = std::move(r[5]);
    if (r[6]) {
        item.question =
            FeedQuestion{std::move(r[7]),  std::move(r[8]),  std::move(r[9]), std::move(r[10]),
                         std::move(r[11]), std::move(r[12]), std::nullopt,    std::nullopt};
        if (const auto spoken = audio_at(r, 24)) {
            item.question->audio_url = feed_media_url(spoken->file_path);
            item.question->audio = feed_audio_of(*spoken);
        }
    }
    item.image_url = feed_media_url(r[13].value_or(""));
    if (r[14]) item.image_phone_url = feed_media_url(*r[14]);
    if (r[33]) item.thumbnail_url = feed_media_url(*r[33]);
    if (r[34]) item.width = static_cast<int>(number(r[34]));
    if (r[35]) item.height = static_cast<int>(number(r[35]));
    if (const auto spoken = audio_at(r, 15)) {
        item.audio_url = feed_media_url(spoken->file_path);
        item.audio = feed_audio_of(*spoken);
    }
    return item;
}

// A statement keyed by a list of pair ids given as one parameter (DialectSql::with_id_array),
// prepared once per pooled session and run again with new values: on PostgreSQL one round trip
// and one plan, where an IN list of as many parameters as ids is parsed and planned every time.
struct PreparedByIds {
    DialectSql d;
    std::string language, ids;
    soci::row row;
    soci::statement st;

    PreparedByIds(soci::session& s, DialectSql dialect, const std::string& sql, bool with_language)
        : d(dialect), st(s) {
        if (with_language) {
            st.exchange(soci::use(language, "lang"));
            st.exchange(soci::use(language, "lang_field"));
            st.exchange(soci::use(language, "question_field"));
            st.exchange(soci::use(language, "question_lang"));
        }
        st.exchange(soci::use(ids, "ids"));
        st.exchange(soci::into(row));
        st.alloc();
        st.prepare(d.with_id_array(sql, "ids"));
        st.define_and_bind();
    }

    std::vector<TextRow> run(const std::vector<Id>& pair_ids, std::string_view lang = {}) {
        language = lang;
        ids = d.id_array(pair_ids);
        std::vector<TextRow> out;
        for (bool more = st.execute(true); more; more = st.fetch()) {
            auto& cells = out.emplace_back(row.size());
            for (std::size_t c = 0; c < row.size(); ++c) cells[c] = as_optional_text(row, c);
        }
        return out;
    }
};

// The feed's statements keyed by pair ids, one set per pooled session.
struct FeedByIds {
    PreparedByIds items;
    PreparedByIds categories;
    explicit FeedByIds(soci::session& s, Dialect dialect)
        : items(s, DialectSql{dialect}, query(dialect, "feed.items"), true),
          categories(s, DialectSql{dialect}, query(dialect, "feed.pair_categories"), false) {}
};

class SqlFeed final : public FeedQuery {
  public:
    explicit SqlFeed(Database& db) : db_(db) {}

    std::vector<FeedItem> page(std::string_view lang, std::optional<Id> after, int limit) override {
        std::string language(lang);
        long long cursor = after.value_or(0), lim = limit;
        return db_.read([&](soci::session& s) {
            std::vector<FeedItem> items;
            Query query_(DialectSql{db_.dialect()}, q(db_.dialect(), "page"));
            query_.bind("lang", param(language))
                .bind("lang_field", param(language))
                .bind("after", param(cursor))
                .bind("question_field", param(language))
                .bind("question_lang", param(language))
                .bind("page_size", param(lim));
            for (auto& row : query_.text_rows(s, kItemColumns, static_cast<std::size_t>(lim)))
                items.push_back(item_of(row));
            add_categories(s, items);
            return items;
        });
    }

    std::vector<FeedItem> items(std::string_view lang, const std::vector<Id>& pair_ids) override {
        if (pair_ids.empty()) return {};
        const std::string language(lang);
        return db_.read([&](soci::session& s) {
            std::vector<FeedItem> items;
            for (auto& row : by_ids(s).items.run(pair_ids, language)) items.push_back(item_of(row));
            add_categories(s, items);
            return items;
        });
    }

  private:
    // The categories of every item in one query (one round trip, not one per item).
    void add_categories(soci::session& s, std::vector<FeedItem>& items) {
        if (items.empty()) return;
        std::vector<Id> ids;
        std::map<Id, FeedItem*> by_id;
        for (auto& item : items) {
            ids.push_back(item.pair_id);
            by_id[item.pair_id] = &item;
        }
        for (const auto& c : by_ids(s).categories.run(ids)) {
            by_id.at(number(c[0]))
                ->categories.push_back(FeedCategory{number(c[1]), c[2].value_or("")});
        }
    }

    FeedByIds& by_ids(soci::session& s) {
        return db_.cached<FeedByIds>(s, [&](soci::session& session) {
            return std::make_shared<FeedByIds>(session, db_.dialect());
        });
    }

    Database& db_;
};

class SqlContentSeeder final : public ContentSeeder {
  public:
    explicit SqlContentSeeder(Database& db) : db_(db) {}
    Id add_category(const std::string& titel_de) override {
        return db_.write([&](soci::session& s) {
            long long id = 0;
            std::string title = titel_de;
            s << q(db_.dialect(), "seed_category"), soci::use(title, "titel_de"), soci::into(id);
            return static_cast<Id>(id);
        });
    }
    Id add_pair(const SeedPair& pair) override {
        return db_.write([&](soci::session& s) {
            // Drawn like the content store draws it, so no pair id is ever handed out twice.
            long long id = next_id(s, DialectSql{db_.dialect()}, IdSequence::pairs);
            std::string type = pair.answer_type, status = pair.status;
            s << q(db_.dialect(), "seed_pair"), soci::use(id, "id"), soci::use(type, "answer_type"),
                soci::use(status, "status");
            for (Id category : pair.category_ids) {
                long long c = category;
                s << q(db_.dialect(), "seed_pair_category"), soci::use(id, "pair_id"),
                    soci::use(c, "category_id");
            }
            return static_cast<Id>(id);
        });
    }
    std::int64_t pair_count() override {
        return db_.read([&](soci::session& s) {
            long long n = 0;
            s << q(db_.dialect(), "pair_count"), soci::into(n);
            return static_cast<std::int64_t>(n);
        });
    }

  private:
    Database& db_;
};

}  // namespace

std::unique_ptr<FeedQuery> make_feed(Database& db) {
    return std::make_unique<SqlFeed>(db);
}
std::unique_ptr<ContentSeeder> make_content_seeder(Database& db) {
    return std::make_unique<SqlContentSeeder>(db);
}

}  // namespace ll::sql
