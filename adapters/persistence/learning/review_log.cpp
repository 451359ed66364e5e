// The review log as the parameter fit reads it, on SOCI (core/ports/learning/review_log.hpp);
// the SQL is db/queries/review_log.sql and card_memory.sql.
#include <algorithm>

#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {
namespace {

class SqlReviewLog final : public ReviewLogReader {
  public:
    explicit SqlReviewLog(Database& db) : db_(db) {}

    std::vector<Id> learners_with_reviews(std::int64_t min_reviews, Id after, int limit) override {
        return db_.read([&](soci::session& s) {
            const long long minimum = min_reviews;
            const long long first = after;
            std::vector<Id> out;
            soci::rowset<soci::row> rows =
                (s.prepare << query(db_.dialect(), "review_log.learners_with_reviews"),
                 soci::use(first, "after"), soci::use(minimum, "min_reviews"),
                 soci::use(limit, "limit"));
            for (const soci::row& r : rows) out.push_back(Cells(r).integer());
            return out;
        });
    }

    std::vector<ReviewLogRecord> reviews_of(Id user_id, std::int64_t max_lines) override {
        return db_.read([&](soci::session& s) {
            std::vector<ReviewLogRecord> lines;
            read_review_log(s, db_.dialect(), user_id, lines, std::max<std::int64_t>(0, max_lines));
            return lines;
        });
    }

  private:
    Database& db_;
};

}  // namespace

std::unique_ptr<ReviewLogReader> make_review_log(Database& db) {
    return std::make_unique<SqlReviewLog>(db);
}

}  // namespace ll::sql
