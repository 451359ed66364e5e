// The learning engine's stored memory on SOCI (core/ports/learning/memory.hpp); the SQL is
// db/queries/card_memory.sql. The booking writes it (sql_booking_*.cpp).
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {

fsrs::MemoryState memory_from_cells(Cells& c) {
    fsrs::MemoryState m;
    m.phase = static_cast<fsrs::Phase>(c.small());
    m.stability = c.number();
    m.difficulty = c.number();
    m.last_review = c.opt_timestamp();
    m.due = c.timestamp();
    m.step = c.small();
    m.reps = c.small();
    m.lapses = c.small();
    // The REAL columns come back as the floats the booking wrote.
    return fsrs::stored_precision(m);
}

void read_card_memory(soci::session& s, Dialect dialect, Id user_id, LearnerRecords& out) {
    long long user = user_id;
    {
        soci::rowset<soci::row> rows =
            (s.prepare << query(dialect, "card_memory.of_learner"), soci::use(user, "user_id"));
        for (const soci::row& r : rows) {
            Cells c(r);
            CardMemoryRecord record;
            record.language_id = c.integer();
            record.pair_id = c.integer();
            record.state = memory_from_cells(c);
            out.memory.push_back(record);
        }
    }
    read_review_log(s, dialect, user_id, out.reviews);
}

void read_review_log(soci::session& s, Dialect dialect, Id user_id,
                     std::vector<ReviewLogRecord>& out, std::optional<std::int64_t> max_lines) {
    long long user = user_id;
    long long max = max_lines.value_or(0);
    soci::rowset<soci::row> rows =
        max_lines ? (s.prepare << query(dialect, "card_memory.latest_of_learner"),
                     soci::use(user, "user_id"), soci::use(max, "max_lines"))
                  : (s.prepare << query(dialect, "card_memory.log_of_learner"),
                     soci::use(user, "user_id"));
    for (const soci::row& r : rows) {
        Cells c(r);
        ReviewLogRecord line;
        line.pair_id = c.integer();
        ReviewRecord& review = line.review;
        review.language = c.integer();
        review.reviewed_at = c.timestamp();
        review.rating = static_cast<fsrs::Rating>(c.small());
        review.elapsed_days = c.opt_small();
        review.retrievability = fsrs::stored_value(c.number());
        review.stability = fsrs::stored_value(c.number());
        review.difficulty = fsrs::stored_value(c.number());
        review.distractor_word_id = c.opt_integer();
        out.push_back(line);
    }
}

}  // namespace ll::sql
