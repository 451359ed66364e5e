// The content feed: published pairs with a picture image and statement audio in `lang`, the
// core's rule (core/domain/feed_rules.hpp) and audio choice (text_<lang> first) in one query.
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_ids.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/app/feed_item.hpp"

namespace ll::sql {
namespace {

std::optional<std::string> text(const soci::row& r, std::size_t i) {
    return r.get_indicator(i) == soci::i_null ? std::nullopt
                                              : std::optional<std::string>(as_text(r, i));
}

class SqlFeed final : public FeedQuery {
  public:
    explicit SqlFeed(Database& db) : db_(db) {}

    std::vector<FeedItem> page(std::string_view lang, std::optional<Id> after, int limit) override {
        std::string language(lang);
        long long cursor = after.value_or(0), lim = limit;
        return db_.read([&](soci::session& s) {
            std::vector<FeedItem> items;
            soci::rowset<soci::row> rows =
                (s.prepare
                     << "SELECT p.id, p.answer_type, p.level, st.text_de, st.text_en, st.text_sv, "
                        "q.id, q.text_de, q.text_en, q.text_sv, q.short_answer_de, "
                        "q.short_answer_en, "
                        "q.short_answer_se, pic.image_path, "
                        "(SELECT a.file_path FROM audios a WHERE a.source_table = 'statements' "
                        " AND a.source_id = st.id AND a.language = :lang ORDER BY a.source_field = "
                        " 'text_' || :lang2 DESC, a.id LIMIT 1), pic.phone_path "
                        "FROM pairs p JOIN pictures pic ON pic.id = p.picture_id "
                        "JOIN statements st ON st.id = p.statement_id "
                        "LEFT JOIN questions q ON q.id = p.question_id "
                        "WHERE p.status = 'published' AND pic.image_path IS NOT NULL AND p.id > "
                        ":after "
                        "AND EXISTS (SELECT 1 FROM audios a WHERE a.source_table = 'statements' "
                        " AND a.source_id = st.id AND a.language = :lang3) "
                        "ORDER BY p.id LIMIT :lim",
                 soci::use(language), soci::use(language), soci::use(cursor), soci::use(language),
                 soci::use(lim));
            for (const auto& r : rows) {
                FeedItem item;
                item.pair_id = as_int(r, 0);
                item.answer_type = as_text(r, 1);
                item.level = static_cast<int>(as_int(r, 2));
                item.statement_de = text(r, 3);
                item.statement_en = text(r, 4);
                item.statement_sv = text(r, 5);
                if (r.get_indicator(6) == soci::i_ok) {
                    item.question = FeedQuestion{text(r, 7),  text(r, 8),  text(r, 9),
                                                 text(r, 10), text(r, 11), text(r, 12)};
                }
                item.image_url = feed_media_url(as_text(r, 13));
                item.audio_url = feed_media_url(as_text(r, 14));
                if (const auto phone = text(r, 15)) item.image_phone_url = feed_media_url(*phone);
                items.push_back(std::move(item));
            }
            for (auto& item : items) {
                long long pair = item.pair_id;
                soci::rowset<soci::row> cats =
                    (s.prepare
                         << "SELECT c.id, c.titel_de FROM pair_categories pc JOIN categories c "
                            "ON c.id = pc.category_id WHERE pc.pair_id = :p ORDER BY c.id",
                     soci::use(pair));
                for (const auto& c : cats)
                    item.categories.push_back(FeedCategory{as_int(c, 0), as_text(c, 1)});
            }
            return items;
        });
    }

  private:
    Database& db_;
};

class SqlContentSeeder final : public ContentSeeder {
  public:
    explicit SqlContentSeeder(Database& db) : db_(db) {}
    Id add_category(const std::string& titel_de) override {
        return db_.write([&](soci::session& s) {
            long long id = 0;
            std::string title = titel_de;
            s << "INSERT INTO categories (titel_de) VALUES (:t) ON CONFLICT (titel_de) DO UPDATE "
                 "SET "
                 "titel_de = excluded.titel_de RETURNING id",
                soci::use(title), soci::into(id);
            return static_cast<Id>(id);
        });
    }
    Id add_pair(const SeedPair& pair) override {
        return db_.write([&](soci::session& s) {
            // Drawn like the content store draws it, so no pair id is ever handed out twice.
            long long id = next_id(s, DialectSql{db_.dialect()}, IdSequence::pairs);
            std::string type = pair.answer_type, status = pair.status;
            s << "INSERT INTO pairs (id, answer_type, status) VALUES (:id, :t, :s)", soci::use(id),
                soci::use(type), soci::use(status);
            for (Id category : pair.category_ids) {
                long long c = category;
                s << "INSERT INTO pair_categories (pair_id, category_id) VALUES (:p, :c) ON "
                     "CONFLICT DO NOTHING",
                    soci::use(id), soci::use(c);
            }
            return static_cast<Id>(id);
        });
    }
    std::int64_t pair_count() override {
        return db_.read([](soci::session& s) {
            long long n = 0;
            s << "SELECT COUNT(*) FROM pairs", soci::into(n);
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
