// The practice queue's reads on SOCI (core/ports/learning/practice.hpp); the SQL is
// db/queries/practice.sql.
#include "adapters/persistence/queries.hpp"
#include "adapters/persistence/row_access.hpp"
#include "adapters/persistence/sql_repositories.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

class SqlPractice final : public PracticeQuery {
  public:
    explicit SqlPractice(Database& db) : db_(db) {}

    std::vector<CardMemoryRecord> due(Id user_id, Id language, Timestamp now, int max) override {
        long long user = user_id, lang = language, limit = max;
        std::string at = format_timestamp(now);
        if (max <= 0) return {};
        return db_.read([&](soci::session& s) {
            // One-shot into vectors: on PostgreSQL one round trip (an unnamed statement), where
            // a rowset prepares, executes and deallocates a named one.
            const auto rows = static_cast<std::size_t>(std::max(1, max));
            std::vector<long long> pair(rows);
            std::vector<int> phase(rows), step(rows), reps(rows), lapses(rows);
            std::vector<double> stability(rows), difficulty(rows);
            std::vector<std::string> last_review(rows), due_at(rows);
            s << q("due"), soci::into(pair), soci::into(phase), soci::into(stability),
                soci::into(difficulty), soci::into(last_review), soci::into(due_at),
                soci::into(step), soci::into(reps), soci::into(lapses), soci::use(user, "user_id"),
                soci::use(lang, "language_id"), soci::use(at, "now"), soci::use(at, "now_rank"),
                soci::use(limit, "max_cards");
            std::vector<CardMemoryRecord> out;
            // No row: SOCI leaves the vectors as they were (one element when max is 1).
            if (!s.got_data()) return out;
            out.reserve(pair.size());
            for (std::size_t i = 0; i < pair.size(); ++i) {
                fsrs::MemoryState m;
                m.phase = static_cast<fsrs::Phase>(phase[i]);
                m.stability = stability[i];
                m.difficulty = difficulty[i];
                m.last_review = parse_timestamp(last_review[i]);
                m.due = parse_timestamp(due_at[i]).value_or(Timestamp{});
                m.step = step[i];
                m.reps = reps[i];
                m.lapses = lapses[i];
                out.push_back(CardMemoryRecord{pair[i], language, fsrs::stored_precision(m)});
            }
            return out;
        });
    }

    std::vector<Id> new_cards(Id user_id, Id language, std::string_view code, int limit) override {
        long long user = user_id, lang = language, max = limit;
        std::string text(code);
        return db_.read([&](soci::session& s) {
            std::vector<Id> out;
            soci::rowset<soci::row> rows = (s.prepare << q("new_cards"), soci::use(user, "user_id"),
                                            soci::use(lang, "language_id"), soci::use(text, "code"),
                                            soci::use(max, "max_cards"));
            for (const soci::row& r : rows) out.push_back(as_int(r, 0));
            return out;
        });
    }

    PracticeCounts counts(Id user_id, Id language, Timestamp now, Timestamp day_start,
                          Timestamp day_end) override {
        long long user = user_id, lang = language;
        std::string at = format_timestamp(now), start = format_timestamp(day_start),
                    end = format_timestamp(day_end);
        return db_.read([&](soci::session& s) {
            PracticeCounts out;
            long long due_now = 0, due_by = 0, started = 0;
            std::string next;
            soci::indicator next_ind = soci::i_null;
            s << q("counts"), soci::into(due_now), soci::into(due_by), soci::into(next, next_ind),
                soci::into(started), soci::use(user, "user_id"), soci::use(lang, "language_id"),
                soci::use(at, "now"), soci::use(user, "user_id_2"),
                soci::use(lang, "language_id_2"), soci::use(end, "day_end"),
                soci::use(user, "user_id_3"), soci::use(lang, "language_id_3"),
                soci::use(at, "now_2"), soci::use(user, "user_id_4"), soci::use(start, "day_start"),
                soci::use(lang, "language_id_4");
            if (next_ind == soci::i_ok) out.next_due_at = parse_timestamp(next);
            out.due_now = due_now;
            out.due_by_day_end = due_by;
            out.new_started_today = started;
            return out;
        });
    }

    std::vector<LanguagePractice> languages(Id user_id, Timestamp now) override {
        long long user = user_id;
        std::string at = format_timestamp(now);
        return db_.read([&](soci::session& s) {
            std::vector<LanguagePractice> out;
            soci::rowset<soci::row> rows =
                (s.prepare << q("languages"), soci::use(at, "now"), soci::use(user, "user_id"),
                 soci::use(user, "user_id_2"));
            for (const soci::row& r : rows) {
                Cells c(r);
                LanguagePractice l;
                l.language_id = c.integer();
                l.cards = c.integer();
                l.due_now = c.integer();
                l.last_review_at = c.opt_timestamp();
                l.reviews = c.integer();
                out.push_back(l);
            }
            return out;
        });
    }

    std::vector<CardChange> changed_cards(Id user_id, std::int64_t after, int max) override {
        long long user = user_id, since = after, limit = max;
        return db_.read([&](soci::session& s) {
            std::vector<CardChange> out;
            soci::rowset<soci::row> rows =
                (s.prepare << q("changed_cards"), soci::use(user, "user_id"),
                 soci::use(since, "after"), soci::use(user, "user_id_2"),
                 soci::use(user, "user_id_3"), soci::use(limit, "max_cards"));
            for (const soci::row& r : rows) {
                Cells c(r);
                CardChange change;
                change.card.pair_id = c.integer();
                change.card.language_id = c.integer();
                change.card.state = memory_from_cells(c);
                change.seen = c.integer();
                change.correct = c.integer();
                change.wrong = c.integer();
                change.change = c.integer();
                out.push_back(change);
            }
            return out;
        });
    }

    std::int64_t last_change(Id user_id) override {
        long long user = user_id, last = 0;
        db_.read([&](soci::session& s) {
            s << q("last_change"), soci::into(last), soci::use(user, "user_id");
        });
        return last;
    }

  private:
    const std::string& q(std::string_view name) const {
        return query(db_.dialect(), "practice." + std::string(name));
    }

    Database& db_;
};

}  // namespace

std::unique_ptr<PracticeQuery> make_practice(Database& db) {
    return std::make_unique<SqlPractice>(db);
}

}  // namespace ll::sql
