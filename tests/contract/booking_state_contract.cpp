// A booking decides from what its store read; whatever changed since (another process booked
// the learner, staff retyped or recategorised the pair, the learner changed the goal) must show
// in the next booking's answer and in what is stored. The PostgreSQL store may start from what
// it last knew instead of reading (adapters/persistence/sql_booking_guesses.hpp): these are the
// cases where that knowledge is stale, and its guarded write must refuse it.
#include <catch2/catch.hpp>

#include <map>

#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {

struct World {
    std::unique_ptr<test::TestDatabase> db = test::make_test_database();
    StorageBackend& b = db->backend();

    Id learner(const std::string& name) { return test::swedish_learner(b, name); }
    static BookingOutcome book(StorageBackend& on, Id who, Id pair, Ep points) {
        const auto out =
            book_card(on.progress(), BookingCommand{who, pair, true, points,
                                                    *parse_timestamp("2026-11-22T10:00:00Z"),
                                                    *parse_date("2026-11-22")});
        REQUIRE(out.status == BookingStatus::booked);
        return out;
    }
    BookingOutcome book(Id who, Id pair, Ep points) { return book(b, who, pair, points); }
    StatsSnapshot stats(Id who) {
        return b.stats().load(who, *parse_date("2026-11-22"), *parse_date("2026-11-22"));
    }
};

}  // namespace

TEST_CASE("booking state: a pair retyped and recategorised meanwhile counts as it is now",
          "[booking][state]") {
    World w;
    const Id ada = w.learner("ada"), bob = w.learner("bob");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {1}});
    const Id other = w.b.content_seeder().add_pair(SeedPair{"text", "published", {2}});
    w.book(bob, other, 2);  // bob's profile is known to the store
    w.book(ada, pair, 3);   // and so is the pair
    // Bob never practised the pair: staff moving the figures do not touch his profile.
    w.b.content().write([&](ContentTx& tx) {
        Pair p = *tx.pair(pair);
        p.answer_type = "yes_no";
        tx.withdraw_pair_statistics(pair, PairStatistics::all);
        tx.update_pair(p);
        tx.set_pair_categories(pair, {3});
        tx.restore_pair_statistics(pair, PairStatistics::all);
    });
    w.book(bob, pair, 4);
    std::map<std::string, std::int64_t> types;
    for (const auto& t : w.stats(bob).by_answer_type) {
        if (t.seen > 0) types[t.answer_type] = t.seen;
    }
    CHECK(types == std::map<std::string, std::int64_t>{{"text", 1}, {"yes_no", 1}});
    std::map<Id, Ep> categories;
    for (const auto& c : w.stats(bob).categories) {
        if (c.points > 0) categories[c.id] = c.points;
    }
    CHECK(categories == std::map<Id, Ep>{{2, 2}, {3, 4}});
    CHECK(w.stats(bob).pairs_practiced == 2);
}

TEST_CASE("booking state: a goal changed between two bookings is in the second answer",
          "[booking][state]") {
    World w;
    const Id ada = w.learner("ada");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    CHECK(w.book(ada, pair, 3).daily_goal_ep == 30);
    REQUIRE(w.b.profiles().set_daily_goal(ada, 50));
    const auto out = w.book(ada, pair, 4);
    CHECK(out.daily_goal_ep == 50);
    CHECK(out.daily_ep == 7);
}

TEST_CASE("booking state: bookings through another process in between are counted",
          "[booking][state][sql]") {
    World w;
    auto second = test::open_again(*w.db, 2);
    const Id ada = w.learner("ada");
    const Id pair = w.b.content_seeder().add_pair(SeedPair{"word", "published", {1}});
    const Id other = w.b.content_seeder().add_pair(SeedPair{"text", "published", {}});
    w.book(ada, pair, 3);
    const auto there = World::book(*second, ada, pair, 5);
    CHECK(there.previous_total_ep == 3);
    const auto here = w.book(ada, pair, 7);  // the first process last knew ada at 3
    CHECK(here.previous_total_ep == 8);
    CHECK(here.total_ep == 15);
    CHECK(here.daily_ep == 15);
    const auto again = w.book(ada, other, 1);
    CHECK(again.previous_total_ep == 15);
    const auto snap = w.stats(ada);
    CHECK(snap.pairs_practiced == 2);
    CHECK(snap.total_seen == 4);
    REQUIRE(snap.daily.size() == 1);
    CHECK(snap.daily[0].cards == 4);
    CHECK(snap.daily[0].ep == 16);
}
