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

// The shape every batch takes (POST /auth/progress/batch, POST /auth/answers/batch): an array of
// at most kMaxBatchItems objects; else 400 batch_items_invalid and nothing is booked.
bool batch_items_valid(const LooseValue& items);
// An item's client_id (what valid_key takes), else 400 client_id_invalid; an item's
// answered_at (RFC 3339), else 400 answered_at_invalid. POST /auth/answers reads its own
// optional ones the same way.
Result<std::string> read_client_id(const LooseValue& client_id);
Result<Timestamp> read_answered_at(const LooseValue& answered_at);

// A batch as read (POST /auth/progress/batch, POST /auth/answers/batch): each item, or the
// item's own problem, in the order sent.
template <typename T>
struct BatchRequest {
    struct Item {
        std::optional<std::string> client_id;  // as sent, when it was a usable one
        Result<T> read = errors::internal();
    };
    std::vector<Item> items;
};

// 400 batch_items_invalid when the body's `items` is not an array of at most kMaxBatchItems
// objects (nothing is booked then); else each item as `read_item` reads it.
template <typename T, typename ReadItem>
Result<BatchRequest<T>> decode_batch(const LooseValue& body, ReadItem&& read_item) {
    const LooseValue& items = body["items"];
    if (!batch_items_valid(items)) return errors::batch_items_invalid();
    BatchRequest<T> request;
    request.items.reserve(items.items.size());
    for (const LooseValue& item : items.items) {
        typename BatchRequest<T>::Item read;
        // Echoed only when usable; a refused one is not sent back (it may be large or binary).
        if (auto client_id = read_client_id(item["client_id"]))
            read.client_id = std::move(client_id.value());
        read.read = read_item(item);
        request.items.push_back(std::move(read));
    }
    return request;
}

// One item as read: its own checks passed (client_id, pair_id, answered_at, rating, in that
// order; correct and points read as leniently as on POST /auth/progress). The window is checked
// when it is booked: an item out of it may still be a replay.
struct ProgressBatchItem {
    std::string client_id;
    Id pair_id = 0;
    Timestamp answered_at{};
    bool correct = false;
    Ep points = 0;
    std::optional<fsrs::Rating> rating;
};
using ProgressBatchRequest = BatchRequest<ProgressBatchItem>;
template <>
Result<ProgressBatchRequest> decode<ProgressBatchRequest>(const LooseValue& body);

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

// Every item's result: a refused item's problem, or its booking.
std::vector<BatchItemResult> book_progress_batch(const BatchPorts& ports, Id user_id,
                                                 const ProgressBatchRequest& request);

}  // namespace ll
