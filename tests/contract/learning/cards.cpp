// GET /auth/cards's use case over PracticeQuery::changed_cards (core/app/learning/cards.hpp) on
// every backend: the cards whose memory changed after a position, by their last change, every
// language, with the pair's counts; pages that neither skip nor repeat a change; removed pairs
// left out; positions that were never answered refused.
#include <catch2/catch.hpp>

#include "core/app/book_progress.hpp"
#include "core/app/learning/cards.hpp"
#include "core/domain/errors.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/learners.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {
using test::at;

struct World {
    std::unique_ptr<test::TestDatabase> db = test::make_test_database();
    StorageBackend& b = db->backend();
    Timestamp when = at("2026-11-20T08:00:00.000Z");

    Id learner(const std::string& name) { return test::swedish_learner(b, name); }
    Id pair() { return b.content_seeder().add_pair(SeedPair{"word", "published", {1}}); }
    void book(Id who, Id pair, bool correct) {
        when += std::chrono::minutes(30);
        const BookingCommand c{who, pair, correct, 5, when, *parse_date("2026-11-20")};
        REQUIRE(book_card(b.progress(), c).status == BookingStatus::booked);
    }
    CardsOutput page(Id who, std::optional<std::string> after, std::optional<std::string> limit) {
        auto out = changed_cards(b.practice(), who, CardsInput{std::move(after), std::move(limit)});
        REQUIRE(out);
        return out.value();
    }
};

// (pair, language) of each card of a page.
std::vector<std::pair<Id, Id>> cards_of(const CardsOutput& out) {
    std::vector<std::pair<Id, Id>> v;
    for (const auto& c : out.cards) v.emplace_back(c.card.pair_id, c.card.language_id);
    return v;
}

}  // namespace

TEST_CASE("cards: what changed after a position, a page at a time, every language",
          "[learning-cards]") {
    World w;
    const Id ada = w.learner("ada"), bob = w.learner("bob");
    const Id p1 = w.pair(), p2 = w.pair();
    CHECK(w.page(ada, std::nullopt, std::nullopt).cards.empty());
    CHECK(w.page(ada, std::nullopt, std::nullopt).next_cursor == "0");

    w.book(ada, p1, true);
    w.book(ada, p2, false);
    w.book(ada, p1, false);
    w.book(bob, p2, true);

    // Everything, by last change: p2, then p1 (changed again after p2).
    const CardsOutput all = w.page(ada, std::nullopt, std::nullopt);
    CHECK(cards_of(all) == std::vector<std::pair<Id, Id>>{{p2, 3}, {p1, 3}});
    CHECK_FALSE(all.has_more);
    const CardChange& first = all.cards[1];
    CHECK(first.seen == 2);
    CHECK(first.correct == 1);
    CHECK(first.wrong == 1);
    CHECK(first.card.state.reps == 2);
    CHECK(first.card.state.last_review == w.when - std::chrono::minutes(30));

    // One at a time: the same cards, none twice.
    const CardsOutput one = w.page(ada, std::nullopt, "1");
    CHECK(cards_of(one) == std::vector<std::pair<Id, Id>>{{p2, 3}});
    CHECK(one.has_more);
    const CardsOutput two = w.page(ada, one.next_cursor, "1");
    CHECK(cards_of(two) == std::vector<std::pair<Id, Id>>{{p1, 3}});
    CHECK_FALSE(two.has_more);
    CHECK(two.next_cursor == all.next_cursor);
    const CardsOutput none = w.page(ada, two.next_cursor, "1");
    CHECK(none.cards.empty());
    CHECK(none.next_cursor == two.next_cursor);
    // A card answered while the app pages comes again on a later page, with its new memory.
    w.book(ada, p2, true);
    const CardsOutput again = w.page(ada, one.next_cursor, std::nullopt);
    CHECK(cards_of(again) == std::vector<std::pair<Id, Id>>{{p1, 3}, {p2, 3}});
    CHECK(again.cards[1].seen == 2);
    const std::string latest = again.next_cursor;

    // Another language: its own card; the Swedish memory of p2 did not change.
    REQUIRE(w.b.profiles().set_target_language(ada, 2));
    w.book(ada, p2, true);
    const CardsOutput english = w.page(ada, latest, std::nullopt);
    CHECK(cards_of(english) == std::vector<std::pair<Id, Id>>{{p2, 2}});
    CHECK(english.cards[0].seen == 3);  // the pair's counts, every language
    // Bob's card is his.
    CHECK(cards_of(w.page(bob, std::nullopt, std::nullopt)) ==
          std::vector<std::pair<Id, Id>>{{p2, 3}});

    // A removed pair is left out.
    w.b.content().write([&](ContentTx& tx) { tx.delete_pair(p1); });
    CHECK(cards_of(w.page(ada, std::nullopt, std::nullopt)) ==
          std::vector<std::pair<Id, Id>>{{p2, 3}, {p2, 2}});
}

TEST_CASE("cards: a limit or position that is not one is 400", "[learning-cards]") {
    World w;
    const Id ada = w.learner("ada"), bob = w.learner("bob");
    const Id p = w.pair();
    w.book(ada, p, true);
    w.book(bob, p, true);
    const std::string ada_last = w.page(ada, std::nullopt, std::nullopt).next_cursor;
    const std::string bob_last = w.page(bob, std::nullopt, std::nullopt).next_cursor;
    for (const char* bad : {"0", "501", "abc", "5x", "-1", "", " 1", "+2"}) {
        INFO(bad);
        CHECK(changed_cards(w.b.practice(), ada, CardsInput{std::nullopt, bad}).error() ==
              errors::cards_limit_invalid());
    }
    CHECK(w.page(ada, std::nullopt, "500").cards.size() == 1);
    for (const std::string& bad : {std::string("abc"), std::string("-1"), std::string(""),
                                   std::string("1e3"), bob_last, std::string(30, '9')}) {
        INFO(bad);
        CHECK(changed_cards(w.b.practice(), ada, CardsInput{bad, std::nullopt}).error() ==
              errors::cards_cursor_invalid());
    }
    CHECK(w.page(ada, "0", std::nullopt).cards.size() == 1);
    CHECK(w.page(ada, ada_last, std::nullopt).cards.empty());
}
