#pragma once
// The booking of decisions.md 8 (with the idempotency keys of decisions.md 11) on each dialect:
// PostgreSQL calls the stored function ll_book() (migration 0004): one statement, one round
// trip; SQLite runs the same steps as prepared statements in one BEGIN IMMEDIATE transaction.
#include <string>
#include <vector>

#include "adapters/persistence/database.hpp"
#include "core/ports/progress.hpp"

namespace ll::sql {

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
