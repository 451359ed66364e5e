// GET /auth/stats sums over the CURRENT pairs, categories and answer types (docs/spec/service.md),
// even though the SQL stores keep running totals (migration 0004): staff changing a pair's
// categories or answer type, or deleting it, move every learner's figures with it through
// ContentTx::withdraw_pair_statistics / restore_pair_statistics (core/ports/content_store.hpp).
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <set>

#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {

struct Learner {
    std::unique_ptr<test::TestDatabase> db = test::make_test_database();
    StorageBackend& b = db->backend();
    Id user = add("ada");

    Id add(const std::string& name) { return test::swedish_learner(b, name); }
    void book(Id who, Id pair, Ep points, bool correct) {
        REQUIRE(book_card(b.progress(), BookingCommand{who, pair, correct, points,
                                                       *parse_timestamp("2026-11-22T10:00:00Z"),
                                                       *parse_date("2026-11-22")})
                    .status == BookingStatus::booked);
    }
    StatsSnapshot stats(Id who) {
        return b.stats().load(who, *parse_date("2026-11-22"), *parse_date("2026-11-22"));
    }
    std::map<Id, std::pair<Ep, std::int64_t>> categories(Id who) {
        std::map<Id, std::pair<Ep, std::int64_t>> out;
        for (const auto& c : stats(who).categories) {
            if (c.points > 0) out[c.id] = {c.points, c.seen};
        }
        return out;
    }
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> types(Id who) {
        std::map<std::string, std::pair<std::int64_t, std::int64_t>> out;
        for (const auto& t : stats(who).by_answer_type) {
            if (t.seen > 0) out[t.answer_type] = {t.seen, t.correct};
        }
        return out;
    }
    template <typename F>
    void edit(F&& f) {
        b.content().write([&](ContentTx& tx) { f(tx); });
    }
};

// What the use case does (core/app/authoring/pairs.cpp): withdraw, change, restore.
void recategorise(ContentTx& tx, Id pair, const std::vector<Id>& categories) {
    tx.withdraw_pair_statistics(pair, PairStatistics::categories);
    tx.set_pair_categories(pair, categories);
    tx.restore_pair_statistics(pair, PairStatistics::categories);
}

using Pairs = std::map<Id, std::pair<Ep, std::int64_t>>;
using Types = std::map<std::string, std::pair<std::int64_t, std::int64_t>>;

}  // namespace

TEST_CASE("stats follow a pair's new categories", "[stats][totals]") {
    Learner l;
    const Id bob = l.add("bob");
    const Id animals = 1, food = 2, colours = 3;  // seeded categories
    const Id pair = l.b.content_seeder().add_pair(SeedPair{"word", "published", {animals}});
    l.book(l.user, pair, 10, true);
    l.book(l.user, pair, 5, false);
    l.book(bob, pair, 7, true);
    CHECK(l.categories(l.user) == Pairs{{animals, {15, 2}}});

    l.edit([&](ContentTx& tx) { recategorise(tx, pair, {food, colours}); });
    CHECK(l.categories(l.user) == Pairs{{food, {15, 2}}, {colours, {15, 2}}});
    CHECK(l.categories(bob) == Pairs{{food, {7, 1}}, {colours, {7, 1}}});
    l.book(l.user, pair, 1, true);
    CHECK(l.categories(l.user) == Pairs{{food, {16, 3}}, {colours, {16, 3}}});

    l.edit([&](ContentTx& tx) { recategorise(tx, pair, {}); });
    CHECK(l.categories(l.user).empty());
}

TEST_CASE("stats follow a pair's new answer type", "[stats][totals]") {
    Learner l;
    const Id pair = l.b.content_seeder().add_pair(SeedPair{"word", "published", {}});
    l.book(l.user, pair, 3, true);
    l.book(l.user, pair, 3, false);
    CHECK(l.types(l.user) == Types{{"word", {2, 1}}});
    l.edit([&](ContentTx& tx) {
        Pair p = *tx.pair(pair);
        p.answer_type = "yes_no";
        tx.withdraw_pair_statistics(pair, PairStatistics::answer_type);
        tx.update_pair(p);
        tx.restore_pair_statistics(pair, PairStatistics::answer_type);
    });
    CHECK(l.types(l.user) == Types{{"yes_no", {2, 1}}});
    const auto snap = l.stats(l.user);
    CHECK(snap.total_seen == 2);
    CHECK(snap.pairs_practiced == 1);
}

TEST_CASE("stats forget a deleted pair", "[stats][totals]") {
    Learner l;
    const Id kept = l.b.content_seeder().add_pair(SeedPair{"text", "published", {1}});
    const Id gone = l.b.content_seeder().add_pair(SeedPair{"word", "published", {1, 2}});
    l.book(l.user, kept, 4, true);
    l.book(l.user, gone, 6, true);
    l.book(l.user, gone, 6, false);
    l.edit([&](ContentTx& tx) {
        tx.withdraw_pair_statistics(gone, PairStatistics::all);
        tx.delete_pair(gone);
    });
    const auto snap = l.stats(l.user);
    CHECK(snap.pairs_practiced == 1);
    CHECK(snap.total_seen == 1);
    CHECK(snap.total_correct == 1);
    CHECK(l.types(l.user) == Types{{"text", {1, 1}}});
    CHECK(l.categories(l.user) == Pairs{{1, {4, 1}}});
    // The day's figures are history: the booked cards stay counted there.
    REQUIRE(snap.daily.size() == 1);
    CHECK(snap.daily[0].cards == 3);
}

TEST_CASE("stats totals equal the sums over the pairs after many bookings", "[stats][totals]") {
    Learner l;
    std::mt19937 rng(7);
    const char* kinds[] = {"word", "question", "text", "yes_no"};
    std::vector<Id> pairs;
    std::map<Id, std::string> type_of;
    std::map<Id, std::vector<Id>> cats_of;
    for (int i = 0; i < 12; ++i) {
        std::vector<Id> cats{Id(1 + i % 5)};
        if (i % 3 == 0) cats.push_back(Id(6 + i % 4));
        const Id p = l.b.content_seeder().add_pair(SeedPair{kinds[i % 4], "published", cats});
        pairs.push_back(p);
        type_of[p] = kinds[i % 4];
        cats_of[p] = cats;
    }
    std::map<Id, std::pair<Ep, std::int64_t>> expected_cats;
    Types expected_types;
    std::set<Id> practised;
    std::int64_t seen = 0, correct = 0;
    for (int i = 0; i < 200; ++i) {
        const Id p = pairs[rng() % pairs.size()];
        const Ep points = static_cast<Ep>(rng() % 21);
        const bool ok = rng() % 3 != 0;
        l.book(l.user, p, points, ok);
        practised.insert(p);
        ++seen;
        correct += ok;
        auto& t = expected_types[type_of[p]];
        ++t.first;
        t.second += ok;
        for (Id c : cats_of[p]) {
            expected_cats[c].first += points;
            ++expected_cats[c].second;
        }
    }
    std::erase_if(expected_cats, [](const auto& e) { return e.second.first == 0; });
    const auto snap = l.stats(l.user);
    CHECK(snap.pairs_practiced == static_cast<std::int64_t>(practised.size()));
    CHECK(snap.total_seen == seen);
    CHECK(snap.total_correct == correct);
    CHECK(l.types(l.user) == expected_types);
    CHECK(l.categories(l.user) == expected_cats);
}
