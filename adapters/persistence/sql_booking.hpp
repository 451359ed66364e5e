#pragma once
// The booking's store on SQL (core/ports/progress.hpp): one statement reads what the rules need
// (sql_booking_read.cpp, both dialects); the write is one statement on PostgreSQL
// (sql_booking_postgresql.cpp, data-modifying CTEs guarded by the profile's version: one round
// trip) and one BEGIN IMMEDIATE transaction on SQLite (sql_booking_sqlite.cpp). The rules are
// in core/domain/booking.cpp; nothing here decides.
#include <optional>
#include <string>
#include <vector>

#include "adapters/persistence/database.hpp"
#include "adapters/persistence/dialect_sql.hpp"
#include "core/ports/progress.hpp"

namespace ll::sql {

BookingState load_booking(Database& db, const DialectSql& d, const BookingCommand& command,
                          bool with_pending);
bool store_booking_postgresql(Database& db, const BookingWrite& write);
bool store_booking_sqlite(Database& db, const BookingWrite& write);

// The same on a session the caller holds, inside its transaction (the booking under the
// learner's lock, ProgressStore::book_locked): the read, and the write of a booked card.
BookingState read_booking(Database& db, soci::session& s, const DialectSql& d,
                          const BookingCommand& command, bool with_pending);
bool write_booking_postgresql(Database& db, soci::session& s, const BookingWrite& write);
bool write_booking_sqlite(Database& db, soci::session& s, const BookingWrite& write);

// Every achievement definition in display order (sort_order, id) with this user's unlock time
// (sql_progress.cpp): the achievements list, and what a booking has left to unlock.
struct DefinitionRow {
    AchievementDefinition definition;
    std::optional<Timestamp> unlocked_at;
};
std::vector<DefinitionRow> definitions_for(soci::session& s, const DialectSql& d, long long user);

// The record under an idempotency key for a card that was not booked: inserted, or an expired
// one replaced; false when an unexpired one is there. Both dialects.
bool store_key_only(Database& db, const DialectSql& d, const BookingWrite& write);
bool write_key_only(soci::session& s, const DialectSql& d, const BookingWrite& write);

// An outcome as an idempotency record keeps it: status text, figures, unlocked achievements
// as a JSON array of definitions ({id, kind, threshold, title_de, title_en, title_sv,
// sort_order}), every one unlocked when the record was stored. Empty or null text: none.
std::string unlocked_to_json(const std::vector<UnlockedAchievement>& unlocked);
std::vector<UnlockedAchievement> unlocked_from_json(const std::string& json, Timestamp at);
BookingStatus status_from_text(const std::string& status);
const char* status_text(BookingStatus status);

// The columns of an idempotency record's outcome, bound by the statements that write one.
struct OutcomeColumns {
    std::string status;
    long long previous_total = 0, total = 0, daily = 0;
    int previous_streak = 0, streak = 0, goal = kDefaultDailyGoal;
    std::string unlocked;
    soci::indicator unlocked_ind = soci::i_null;

    void set(const BookingOutcome& outcome);
};

// The figures a booked card writes, bound by both dialects' statements. Per counted answer
// type (kCountedAnswerTypes, core/domain/booking.hpp, in its order): 1 in the card's type.
struct BookingValues {
    long long total = 0, next_ep = 0, next_streak = 0, points = 0;
    int streak = 0, first = 0, correct = 0, wrong = 0;
    int type_seen[4]{}, type_correct[4]{};
    std::string now, today;
    // 1 when the profile's last practice moves to this card (not for a late offline answer); when
    // the idempotency record is stored.
    int move_last = 1;
    std::string recorded;
    // The card's memory after the answer (card_memory) and the review log's line (review_log).
    long long language = 0;
    int phase = 0, step = 0, reps = 0, lapses = 0, rating = 0, elapsed = 0;
    double stability = 0, difficulty = 0, retrievability = 0;
    std::string reviewed, due;
    soci::indicator elapsed_ind = soci::i_null;  // NULL for the card's first review
    long long distractor = 0;
    soci::indicator distractor_ind = soci::i_null;  // NULL but for a wrong choice picked

    void set(const BookingWrite& write);
};

// Steps a single-row statement to its end: SQLite counts a statement that has not reached
// SQLITE_DONE as "in progress" (holding its read snapshot, refusing savepoints and commits).
inline void finish_row(soci::statement& st) {
    while (st.fetch()) {
    }
}

// A JSON array of numbers or strings, for the lists a booking writes in one statement.
std::string json_list(const std::vector<Id>& ids);
std::string json_list(const std::vector<std::string>& texts);

}  // namespace ll::sql
