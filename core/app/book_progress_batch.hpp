#pragma once
// POST /auth/progress/batch (docs/accounts.md "Offline practice"): answers given offline, each
// booked on the learner's local date of its answered_at, each on its own (atomic, with its own
// result), each replayed under its client_id for 30 days.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/app/book_progress.hpp"
#include "core/ports/accounts.hpp"

namespace ll {

// What POST /auth/progress/batch uses: made from the learner routes' LearnerPorts, or from a use
// case's ports that hold these members too.
struct BatchPorts {
    AccountRepository& accounts;
    ProgressStore& progress;
    const Clock& clock;
    template <typename From>
    BatchPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : accounts(from.accounts), progress(from.progress), clock(from.clock) {}
};

inline constexpr std::size_t kMaxBatchItems = 200;
// answered_at is accepted from this far back ...
inline constexpr std::chrono::hours kBatchOldestAnswer{24 * 7};
// ... to this far ahead of the server's clock (a phone's clock a little fast).
inline constexpr std::chrono::minutes kBatchFutureSlack{5};
// How long the same client_id gives the stored result instead of a second booking.
inline constexpr std::chrono::hours kBatchClientIdLifetime{24 * 30};

// One item's result, in the order of the request: the booking's answer (`replayed` when the
// client_id had been booked before), or the item's error.
struct BatchItemResult {
    std::optional<std::string> client_id;  // as sent, when it was a usable one
    Result<BookProgressOutput> result = errors::internal();
};

// The 422 of an answered_at out of the window (too old, before the account was created, too far
// ahead; account_created is Timestamp::min() when unknown); nullopt inside it. POST
// /auth/answers checks its answered_at the same way.
std::optional<Error> answered_at_out_of_window(Timestamp answered_at, Timestamp now,
                                               Timestamp account_created);

// The shape every batch takes (POST /auth/progress/batch, POST /auth/answers/batch): an array of
// at most kMaxBatchItems objects; else 400 batch_items_invalid and nothing is booked.
bool batch_items_valid(const LooseValue& items);

// 400 batch_items_invalid (nothing booked) when `items` is not an array of at most
// kMaxBatchItems objects; otherwise every item's result.
Result<std::vector<BatchItemResult>> book_progress_batch(const BatchPorts& ports, Id user_id,
                                                         const LooseValue& items);

}  // namespace ll
