// The content feed: published pairs with a picture image and statement audio in `lang`, a page
// in one query (db/queries/feed.sql), and the test seeder.
#include <map>

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

std::optional<std::string> text(const soci::row& r, std::size_t i) {
    return r.get_indicator(i) == soci::i_null ? std::nullopt
                                              : std::optional<std::string>(as_text(r, i));
}

// A row of feed.page or feed.items.
FeedItem item_of(const soci::row& r) {
    FeedItem item;
    item.pair_id = as_int(r, 0);
    item.answer_type = as_text(r, 1);
    item.level = static_cast<int>(as_int(r, 2));
    item.statement_de = text(r, 3);
    item.statement_en = text(r, 4);
    item.statement_sv = text(r, 5);
    if (r.get_indicator(6) == soci::i_ok) {
        item.question =
            FeedQuestion{text(r, 7), text(r, 8), text(r, 9), text(r, 10), text(r, 11), text(r, 12)};
    }
    item.image_url = feed_media_url(as_text(r, 13));
    item.audio_url = feed_media_url(as_text(r, 14));
    if (const auto phone = text(r, 15)) item.image_phone_url = feed_media_url(*phone);
    return item;
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
                (s.prepare << q(db_.dialect(), "page"), soci::use(language, "lang"),
                 soci::use(language, "lang_field"), soci::use(cursor, "after"),
                 soci::use(language, "lang_present"), soci::use(lim, "page_size"));
            for (const auto& r : rows) items.push_back(item_of(r));
            add_categories(s, items);
            return items;
        });
    }

    std::vector<FeedItem> items(std::string_view lang, const std::vector<Id>& pair_ids) override {
        if (pair_ids.empty()) return {};
        const std::string language(lang);
        return db_.read([&](soci::session& s) {
            std::vector<FeedItem> items;
            Query query_(DialectSql{db_.dialect()}, q(db_.dialect(), "items"));
            query_.bind("lang", param(language))
                .bind("lang_field", param(language))
                .bind("lang_present", param(language))
                .bind_list("ids", pair_ids);
            query_.each(s, [&](const soci::row& r) { items.push_back(item_of(r)); });
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
        Query query_(DialectSql{db_.dialect()}, q(db_.dialect(), "pair_categories"));
        query_.bind_list("ids", ids);
        query_.each(s, [&](const soci::row& c) {
            by_id.at(as_int(c, 0))->categories.push_back(FeedCategory{as_int(c, 1), as_text(c, 2)});
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
