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

// What is booked for an item: its answer, dated when it was given, replayed under its client_id.
BookingCommand command_of(const ProgressBatchItem& item, Id user_id, Timestamp now) {
    BookingCommand c;
    c.user_id = user_id;
    c.pair_id = item.pair_id;
    c.correct = item.correct;
    c.points = item.points;
    c.rating = item.rating;
    c.now = item.answered_at;
    c.recorded_at = now;
    // The answer as read: the same client_id with another answer is refused, not replayed.
    c.idempotency = IdempotencyKey{
        kBatchClientIdPrefix + item.client_id,
        fmt::format("batch;pair={};correct={};points={};at={}{}", c.pair_id, c.correct, c.points,
                    format_timestamp(item.answered_at), rating_fingerprint(c.rating)),
        now - kBatchClientIdLifetime};
    return c;
}

// An item's own checks, in the order of its fields: client_id, pair_id, answered_at, rating.
Result<ProgressBatchItem> decode_item(const LooseValue& item) {
    ProgressBatchItem r;
    Decoder d(item);
    d.read(r.client_id, [&] { return read_client_id(item["client_id"]); })
        .read(r.pair_id, [&] { return booked_pair_id(item["pair_id"]); })
        .read(r.answered_at, [&] { return read_answered_at(item["answered_at"]); });
    r.correct = parse_correct(item["correct"]);
    r.points = parse_points(item["points"]);
    d.read(r.rating, [&] { return answer_rating(item["rating"], r.correct); });
    return d.done(std::move(r));
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

Result<std::string> read_client_id(const LooseValue& client_id) {
    if (!client_id.is_string() || !valid_key(client_id.string)) return errors::client_id_invalid();
    return client_id.string;
}

Result<Timestamp> read_answered_at(const LooseValue& answered_at) {
    const auto at = answered_at.is_string() ? parse_rfc3339(answered_at.string) : std::nullopt;
    if (!at) return errors::answered_at_invalid();
    return *at;
}

bool batch_items_valid(const LooseValue& items) {
    return items.is_array() && items.items.size() <= kMaxBatchItems &&
           std::all_of(items.items.begin(), items.items.end(),
                       [](const LooseValue& item) { return item.is_object(); });
}

template <>
Result<ProgressBatchRequest> decode<ProgressBatchRequest>(const LooseValue& body) {
    return decode_batch<ProgressBatchItem>(body, decode_item);
}

std::vector<BatchItemResult> book_progress_batch(const BatchPorts& ports, Id user_id,
                                                 const ProgressBatchRequest& request) {
    const Timestamp now = ports.clock.now();
    std::vector<BatchItemResult> results(request.items.size());
    std::vector<CheckedItem> to_book;
    for (std::size_t i = 0; i < request.items.size(); ++i) {
        const auto& item = request.items[i];
        results[i].client_id = item.client_id;
        if (item.read) {
            to_book.push_back(CheckedItem{i, command_of(item.read.value(), user_id, now)});
        } else {
            results[i].result = item.read.error();
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
