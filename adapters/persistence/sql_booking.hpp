#pragma once
// The booking of decisions.md 8 (with the idempotency keys of decisions.md 11) on each dialect:
// PostgreSQL calls the stored function ll_book() (migration 0004): one statement, one round
// trip; SQLite runs the same steps as prepared statements in one BEGIN IMMEDIATE transaction.
#include <string>
#include <vector>

#include "adapters/persistence/database.hpp"
#include "core/ports/progress.hpp"

namespace ll::sql {

// The columns a booking answers with: what ll_book() returns and what an idempotency key keeps.
// Both dialects bind their statements to these members.
struct BookingColumns {
    std::string status;
    soci::indicator status_ind = soci::i_null;
    long long previous_total = 0, total = 0, daily = 0;
    int previous_streak = 0, streak = 0, goal = 30;
    std::string unlocked;  // JSON, see unlocked_to_json
    soci::indicator unlocked_ind = soci::i_null;

    // The outcome these numbers describe, with its status and achievements.
    BookingOutcome outcome(BookingStatus status, bool replayed,
                           std::vector<UnlockedAchievement> achievements) const;
    // The same from the stored status and JSON; the achievements unlocked at `at`.
    BookingOutcome stored_outcome(bool replayed, Timestamp at) const;
};

BookingOutcome book_on_postgresql(Database& db, const BookingCommand& command);
BookingOutcome book_on_sqlite(Database& db, const BookingCommand& command);

// Unlocked achievements as stored with an idempotency key and as ll_book() answers them:
// a JSON array of definitions ({id, kind, threshold, title_de, title_en, title_sv,
// sort_order}); every one unlocked at `at`. Empty or null text: none.
std::string unlocked_to_json(const std::vector<UnlockedAchievement>& unlocked);
std::vector<UnlockedAchievement> unlocked_from_json(const std::string& json, Timestamp at);

BookingStatus status_from_text(const std::string& status);
const char* status_text(BookingStatus status);

}  // namespace ll::sql
