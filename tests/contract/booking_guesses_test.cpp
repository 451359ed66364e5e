// BookingGuesses (adapters/persistence/sql_booking_guesses.hpp): what the PostgreSQL store
// remembers between bookings. Pure bookkeeping, the same on every backend run.
#include <catch2/catch.hpp>

#include "adapters/persistence/sql_booking_guesses.hpp"
#include "core/domain/time_format.hpp"

using namespace ll;
using ll::sql::BookingGuesses;

namespace {

BookingCommand command(Id user, Id pair) {
    return BookingCommand{
        user, pair, true, 5, *parse_timestamp("2026-11-22T10:00:00Z"), *parse_date("2026-11-22")};
}

BookingState read_state() {
    BookingState s;
    s.answer_type = "word";
    s.categories = {1, 2};
    s.profile = BookingProfile{7, 100, 2, 30, *parse_date("2026-11-21"), 500, 3};
    s.pair_practised = true;
    s.daily_ep = 0;
    return s;
}

BookingWrite written(Id user, Id pair, std::int64_t version) {
    BookingWrite w;
    w.user_id = user;
    w.pair_id = pair;
    w.booked = true;
    w.expected_version = version;
    w.total_ep = 105;
    w.streak_days = 3;
    w.practised_on = *parse_date("2026-11-22");
    w.next_ep_threshold = 500;
    w.next_streak_threshold = 7;
    w.outcome.daily_ep = 5;
    return w;
}

}  // namespace

TEST_CASE("booking guesses: what was read and written is the next guess", "[guesses]") {
    BookingGuesses g;
    CHECK_FALSE(g.guess(command(1, 10)));  // nothing known
    g.remember_read(command(1, 10), read_state());
    g.remember_write(written(1, 10, 7));
    const auto s = g.guess(command(1, 10));
    REQUIRE(s);
    CHECK(*s->answer_type == "word");
    CHECK(s->categories == std::vector<Id>{1, 2});
    CHECK(s->profile->version == 8);
    CHECK(s->profile->total_ep == 105);
    CHECK(s->profile->streak_days == 3);
    CHECK(s->profile->last_practice_date == parse_date("2026-11-22"));
    CHECK(s->profile->next_streak_threshold == 7);
    CHECK(s->daily_ep == 5);
    CHECK(s->pair_practised);
    // Another day: nothing earned yet that day.
    auto tomorrow = command(1, 10);
    tomorrow.today = *parse_date("2026-11-23");
    CHECK(g.guess(tomorrow)->daily_ep == 0);
    // A pair not known to be practised, another learner: read.
    CHECK_FALSE(g.guess(command(1, 11)));
    CHECK_FALSE(g.guess(command(2, 10)));
}

TEST_CASE("booking guesses: a wrong guess is followed by reads, doubling while guesses fail",
          "[guesses]") {
    BookingGuesses g;
    g.remember_read(command(1, 10), read_state());
    REQUIRE(g.guess(command(1, 10)));
    g.forget(1);                           // the guessed write was refused
    CHECK_FALSE(g.guess(command(1, 10)));  // forgotten: read
    g.remember_read(command(1, 10), read_state());
    CHECK_FALSE(g.guess(command(1, 10)));  // cooldown 1
    REQUIRE(g.guess(command(1, 10)));
    g.forget(1);  // wrong again: cooldown 2
    g.remember_read(command(1, 10), read_state());
    CHECK_FALSE(g.guess(command(1, 10)));
    CHECK_FALSE(g.guess(command(1, 10)));
    REQUIRE(g.guess(command(1, 10)));
    g.remember_write(written(1, 10, 7));  // a guess that held: back to no cooldown
    REQUIRE(g.guess(command(1, 10)));
    g.forget(1);
    g.remember_read(command(1, 10), read_state());
    CHECK_FALSE(g.guess(command(1, 10)));
    CHECK(g.guess(command(1, 10)));
}

TEST_CASE("booking guesses: the practised pairs remembered are bounded", "[guesses]") {
    BookingGuesses g;
    g.remember_read(command(1, 1), read_state());
    REQUIRE(g.guess(command(1, 1)));
    // Each write follows the last (version 7, 8, ...), as one process's bookings do.
    for (Id pair = 2; pair <= Id(BookingGuesses::kMaxPractised) + 1; ++pair) {
        g.remember_write(written(1, pair, 7 + (pair - 2)));
    }
    // Past the bound everything practised was forgotten: pair 1 is read again.
    g.remember_read(command(1, 5), read_state());
    CHECK_FALSE(g.guess(command(1, 1)));
    CHECK(g.guess(command(1, 5)));
}

TEST_CASE("booking guesses: a read or write at another version forgets every memory", "[guesses]") {
    BookingGuesses g;
    for (Id pair : {12, 11, 10}) g.remember_read(command(1, pair), read_state());  // version 7
    g.remember_write(written(1, 10, 7));                                           // now 8
    g.remember_write(written(1, 11, 8));                                           // now 9
    REQUIRE(g.guess(command(1, 10)));
    REQUIRE(g.guess(command(1, 11)));
    // A write decided on another process's read (version 4): any card may have been reviewed.
    g.remember_write(written(1, 12, 4));
    CHECK_FALSE(g.guess(command(1, 10)));
    CHECK_FALSE(g.guess(command(1, 11)));
    CHECK(g.guess(command(1, 12)));  // the card just written is known again
    // A read at another version: only the card read is known.
    g.remember_write(written(1, 10, 5));
    g.remember_read(command(1, 11), read_state());  // version 7 again
    CHECK_FALSE(g.guess(command(1, 10)));
    CHECK_FALSE(g.guess(command(1, 12)));
    CHECK(g.guess(command(1, 11)));
}
