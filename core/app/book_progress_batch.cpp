#include "core/app/book_progress_batch.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

namespace ll {
namespace {

// An item that passed its own checks, ready to book.
struct CheckedItem {
    std::size_t index = 0;  // in the request
    BookingCommand command;
};

// The item's own checks, in the order of its fields: client_id, pair_id, answered_at, rating.
// correct and points are read as leniently as on POST /auth/progress. The window is checked later:
// an item out of it may still be a replay.
Result<BookingCommand> check_item(const LooseValue& item, Id user_id, Timestamp now) {
    const LooseValue& client_id = item["client_id"];
    if (!client_id.is_string() || !valid_key(client_id.string)) return errors::client_id_invalid();
    const Result<Id> pair_id = booked_pair_id(item["pair_id"]);
    if (!pair_id) return pair_id.error();
    const LooseValue& answered = item["answered_at"];
    const auto at = answered.is_string() ? parse_rfc3339(answered.string) : std::nullopt;
    if (!at) return errors::answered_at_invalid();

    BookingCommand c;
    c.user_id = user_id;
    c.pair_id = pair_id.value();
    c.correct = parse_correct(item["correct"]);
    c.points = parse_points(item["points"]);
    const auto rating = answer_rating(item["rating"], c.correct);
    if (!rating) return rating.error();
    c.rating = rating.value();
    c.now = *at;
    c.recorded_at = now;
    // The answer as read: the same client_id with another answer is refused, not replayed.
    c.idempotency = IdempotencyKey{
        kBatchClientIdPrefix + client_id.string,
        fmt::format("batch;pair={};correct={};points={};at={}{}", c.pair_id, c.correct, c.points,
                    format_timestamp(*at), rating_fingerprint(c.rating)),
        now - kBatchClientIdLifetime};
    return c;
}

}  // namespace

// A new account cannot bring a week of history and its streak achievements. account_created is
// Timestamp::min() when unknown: GCC's -O2 flow analysis reports a std::optional here as maybe
// uninitialized (-Werror breaks the Release build).
std::optional<Error> answered_at_out_of_window(Timestamp answered_at, Timestamp now,
                                               Timestamp account_created) {
    if (answered_at < now - kBatchOldestAnswer) return errors::answered_at_too_old();
    if (answered_at < account_created) return errors::answered_at_before_account();
    if (answered_at > now + kBatchFutureSlack) return errors::answered_at_in_future();
    return std::nullopt;
}

bool batch_items_valid(const LooseValue& items) {
    return items.is_array() && items.items.size() <= kMaxBatchItems &&
           std::all_of(items.items.begin(), items.items.end(),
                       [](const LooseValue& item) { return item.is_object(); });
}

Result<std::vector<BatchItemResult>> book_progress_batch(const BatchPorts& ports, Id user_id,
                                                         const LooseValue& items) {
    if (!batch_items_valid(items)) return errors::batch_items_invalid();
    const Timestamp now = ports.clock.now();
    std::vector<BatchItemResult> results(items.items.size());
    std::vector<CheckedItem> to_book;
    for (std::size_t i = 0; i < items.items.size(); ++i) {
        const LooseValue& client_id = items.items[i]["client_id"];
        // Echoed only when usable; a refused one is not sent back (it may be large or binary).
        if (client_id.is_string() && valid_key(client_id.string))
            results[i].client_id = client_id.string;
        auto checked = check_item(items.items[i], user_id, now);
        if (checked) {
            to_book.push_back(CheckedItem{i, std::move(checked.value())});
        } else {
            results[i].result = checked.error();
        }
    }
    if (to_book.empty()) return results;
    const auto account = ports.accounts.find_by_id(user_id);
    const Timestamp created =
        account && account->created_at ? *account->created_at : Timestamp::min();

    // In the order the cards were answered (ties in the order sent), each on the learner's date.
    std::stable_sort(to_book.begin(), to_book.end(),
                     [](const auto& a, const auto& b) { return a.command.now < b.command.now; });
    for (auto& item : to_book) {
        BookingCommand& command = item.command;  // dated in the learner's zone by the booking
        const auto refused = answered_at_out_of_window(command.now, now, created);
        command.replay_only = refused.has_value();
        const BookingOutcome outcome = book_card_in_zone(ports.progress, ports.clock, command);
        results[item.index].result =
            outcome.status == BookingStatus::not_stored
                ? *refused
                : progress_answer(outcome, command.points, errors::client_id_reused());
    }
    return results;
}

}  // namespace ll
