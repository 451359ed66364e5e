// The editors' card analytics on SOCI (core/ports/learning/card_analytics.hpp): four reads of
// db/queries/card_analytics.sql, put together by card and language.
#include <map>

#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/content/sql_content_tx.hpp"
#include "adapters/persistence/sql_query.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {
namespace {

class SqlCardAnalytics final : public CardAnalyticsQuery {
  public:
    explicit SqlCardAnalytics(Database& db) : db_(db) {}

    std::vector<CardFigureRow> card_figures(const CardFigureFilter& f) override {
        return db_.read([&](soci::session& s) {
            std::vector<CardFigureRow> rows;
            std::map<std::pair<Id, Id>, std::size_t> at;  // (pair, language) -> index in rows
            {
                Query q = named("figures");
                bind_filter(q, "language_id", f.language_id);
                bind_filter(q, "pair_id", f.pair_id);
                bind_filter(q, "level", f.level);
                bind_filter(q, "category_id", f.category_id);
                q.each(s, [&](const soci::row& r) {
                    Cells c(r);
                    CardFigureRow row;
                    row.pair_id = c.integer();
                    row.language_id = c.integer();
                    row.picture_id = c.opt_integer();
                    row.answer_type = c.text();
                    row.level = c.small();
                    row.status = c.text();
                    row.statement_de = c.opt_text();
                    row.statement_en = c.opt_text();
                    row.statement_sv = c.opt_text();
                    row.revised_at = c.opt_timestamp();
                    row.current.answers = c.integer();
                    row.current.passed = c.integer();
                    row.previous.answers = c.integer();
                    row.previous.passed = c.integer();
                    row.retrievability_sum = c.number();
                    row.retrievability_count = c.integer();
                    at.emplace(std::pair{row.pair_id, row.language_id}, rows.size());
                    rows.push_back(std::move(row));
                });
            }
            if (rows.empty()) return rows;
            const auto find = [&](Id pair, Id language) -> CardFigureRow* {
                const auto it = at.find({pair, language});
                return it == at.end() ? nullptr : &rows[it->second];
            };
            // The rows of a statement keyed (pair, language), filtered by language and pair:
            // `fill(row, cells)` reads the rest of each row of a card the figures have.
            const auto per_card = [&](std::string_view name, auto fill) {
                Query q = named(name);
                bind_filter(q, "language_id", f.language_id);
                bind_filter(q, "pair_id", f.pair_id);
                q.each(s, [&](const soci::row& r) {
                    Cells c(r);
                    const Id pair = c.integer(), language = c.integer();
                    if (CardFigureRow* row = find(pair, language)) fill(*row, c);
                });
            };
            per_card("memory", [](CardFigureRow& row, Cells& c) {
                row.learners = c.integer();
                row.mean_difficulty = c.number();
            });
            per_card("picks", [](CardFigureRow& row, Cells& c) {
                DistractorPick pick;
                pick.word = word_of(c);
                pick.picks = c.integer();
                row.picks.push_back(std::move(pick));
            });
            {
                std::map<Id, std::vector<Id>> categories;
                Query q = named("categories");
                bind_filter(q, "pair_id", f.pair_id);
                q.each(s, [&](const soci::row& r) {
                    Cells c(r);
                    const Id pair = c.integer();
                    categories[pair].push_back(c.integer());
                });
                for (auto& row : rows)
                    if (const auto it = categories.find(row.pair_id); it != categories.end())
                        row.category_ids = it->second;
            }
            return rows;
        });
    }

  private:
    Query named(std::string_view name) const {
        return Query(DialectSql{db_.dialect()},
                     query(db_.dialect(), "card_analytics." + std::string(name)));
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<CardAnalyticsQuery> make_card_analytics(Database& db) {
    return std::make_unique<SqlCardAnalytics>(db);
}

}  // namespace ll::sql
