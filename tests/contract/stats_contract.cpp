#include <catch2/catch.hpp>

#include <map>

#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

TEST_CASE("stats: window bounds, answer types, several categories per pair", "[stats]") {
    auto db = test::make_test_database();
    StorageBackend& b = db->backend();
    const Id user = b.accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    b.profiles().create(NewProfile{user, "ada", "ada", 1, 3});
    const Id animals = b.content_seeder().add_category("Testtiere");
    const Id food = b.content_seeder().add_category("Testessen");
    const Id empty = b.content_seeder().add_category("Testleer");
    const Id word = b.content_seeder().add_pair(SeedPair{"word", "published", {animals, food}});
    const Id text = b.content_seeder().add_pair(SeedPair{"text", "published", {food}});
    const Id odd = b.content_seeder().add_pair(SeedPair{"picture_quiz", "published", {empty}});
    const auto book = [&](Id pair, const char* day, Ep points, bool correct) {
        REQUIRE(
            book_card(b.progress(),
                      BookingCommand{user, pair, correct, points,
                                     *parse_timestamp((std::string(day) + "T12:00:00Z").c_str()),
                                     *parse_date(day)})
                .status == BookingStatus::booked);
    };
    book(word, "2026-08-30", 4, true);   // one day before the window
    book(word, "2026-08-31", 6, false);  // first day of the window
    book(text, "2026-11-22", 10, true);  // today
    book(odd, "2026-11-22", 0, true);    // no points: its category stays out

    const auto snap = b.stats().load(user, *parse_date("2026-08-31"), *parse_date("2026-11-22"));
    REQUIRE(snap.daily.size() == 2);
    CHECK(snap.pairs_practiced == 3);
    CHECK(snap.total_seen == 4);
    CHECK(snap.total_correct == 3);
    CHECK(snap.daily_goal_ep == 30);

    std::map<std::string, std::pair<std::int64_t, std::int64_t>> types;
    for (const auto& t : snap.by_answer_type) types[t.answer_type] = {t.seen, t.correct};
    CHECK(types["word"] == std::make_pair<std::int64_t, std::int64_t>(2, 1));
    CHECK(types["text"] == std::make_pair<std::int64_t, std::int64_t>(1, 1));
    // Other answer types map to no skill ("Sonstige"): a store may leave them out.
    if (types.count("picture_quiz"))
        CHECK(types["picture_quiz"] == std::make_pair<std::int64_t, std::int64_t>(1, 1));

    std::map<Id, CategoryCounts> cats;
    for (const auto& c : snap.categories) {
        if (c.points > 0) cats[c.id] = c;
    }
    REQUIRE(cats.size() == 2);
    CHECK(cats[animals].label == "Testtiere");
    CHECK(cats[animals].points == 10);
    CHECK(cats[animals].seen == 2);
    CHECK(cats[food].points == 20);
    CHECK(cats[food].seen == 3);
    CHECK_FALSE(cats.count(empty));

    const Id bare = b.accounts().create(NewAccount{"bare@example.com", "h", "end-user"})->id;
    const auto none = b.stats().load(bare, *parse_date("2026-08-31"), *parse_date("2026-11-22"));
    CHECK_FALSE(none.daily_goal_ep);
    CHECK(none.daily.empty());
    CHECK(none.by_answer_type.empty());
}
