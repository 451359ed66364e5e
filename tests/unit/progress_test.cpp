#include <catch2/catch.hpp>

#include "core/app/book_progress.hpp"
#include "core/app/get_stats.hpp"
#include "core/app/list_achievements.hpp"
#include "support/fixture.hpp"
#include "tests/support/sent_requests.hpp"

using namespace ll;
using namespace ll::test;

namespace {
SentProgress card(LooseValue pair, LooseValue correct, LooseValue points) {
    return {std::move(pair), std::move(correct), std::move(points)};
}
std::vector<std::string> ids(const std::vector<UnlockedAchievement>& list) {
    std::vector<std::string> out;
    for (const auto& a : list) out.push_back(a.definition.id);
    return out;
}
}  // namespace

TEST_CASE("progress: request errors", "[progress]") {
    World w;
    const Id user = w.user();
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::missing(), LooseValue::of(true), LooseValue::of(5)))
              .error() == errors::pair_id_required());
    CHECK(
        book_sent(w.ports, user, card(LooseValue::null(), LooseValue::of(true), LooseValue::of(5)))
            .error() == errors::pair_id_required());
    CHECK(
        book_sent(w.ports, user, card(LooseValue::of(""), LooseValue::of(true), LooseValue::of(5)))
            .error() == errors::pair_id_required());
    CHECK(book_sent(w.ports, user, card(LooseValue::of(0), LooseValue::of(true), LooseValue::of(5)))
              .error() == errors::pair_id_not_positive());
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::of("1x"), LooseValue::of(true), LooseValue::of(5)))
              .error() == errors::pair_id_not_positive());
    CHECK(
        book_sent(w.ports, user, card(LooseValue::of(999), LooseValue::of(true), LooseValue::of(5)))
            .error() == errors::pair_not_found());
}

TEST_CASE("progress: unknown pair and missing profile write nothing", "[progress]") {
    World w;
    const Id bare = w.user("bare@example.com", false);
    const Id pair = w.pair();
    const auto e = book_sent(w.ports, bare,
                             card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(5)))
                       .error();
    CHECK(e.status == 409);
    CHECK(e.message == "Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.");
    const Stats s = get_stats(w.ports, bare);
    CHECK(s.totals.pairs_practiced == 0);
    CHECK(s.today.cards == 0);

    const Id user = w.user();
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::of(pair + 100), LooseValue::of(true), LooseValue::of(5)))
              .error() == errors::pair_not_found());
    CHECK(get_stats(w.ports, user).totals.total_seen == 0);
    CHECK(w.backend.profiles().find_by_user(user)->total_ep == 0);
}

TEST_CASE("progress: a first card books every figure", "[progress]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    auto r = book_sent(w.ports, user,
                       card(LooseValue::of(std::to_string(pair)), LooseValue::of("true"),
                            LooseValue::of("25 points")));
    REQUIRE(r.ok());
    CHECK(r->total_ep == 25);
    CHECK(r->level == 1);
    CHECK(r->prev_level == 0);
    CHECK(r->streak_days == 1);
    CHECK(r->streak_increased);
    CHECK(r->daily_ep == 25);
    CHECK(r->daily_goal_ep == 30);
    CHECK_FALSE(r->goal_just_reached);
    CHECK(ids(r->unlocked_achievements) == std::vector<std::string>{"first_steps"});
    CHECK(r->unlocked_achievements[0].unlocked_at == w.clock.now());
    CHECK(r->unlocked_achievements[0].definition.title_de == "Erste Schritte");

    const auto profile = w.backend.profiles().find_by_user(user);
    CHECK(profile->total_ep == 25);
    CHECK(profile->last_practice_at == w.clock.now());

    // Second card the same day: goal reached now, streak unchanged, no achievement again.
    r = book_sent(w.ports, user,
                  card(LooseValue::of(pair), LooseValue::of(false), LooseValue::of(5)));
    REQUIRE(r.ok());
    CHECK(r->total_ep == 30);
    CHECK(r->prev_level == 1);
    CHECK(r->streak_days == 1);
    CHECK_FALSE(r->streak_increased);
    CHECK(r->daily_ep == 30);
    CHECK(r->goal_just_reached);
    CHECK(r->unlocked_achievements.empty());

    const Stats s = get_stats(w.ports, user);
    CHECK(s.totals.pairs_practiced == 1);
    CHECK(s.totals.total_seen == 2);
    CHECK(s.totals.total_correct == 1);
    CHECK(s.today.ep == 30);
    CHECK(s.today.cards == 2);
}

TEST_CASE("progress: points parsing and the 1000 cap", "[progress]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(-3)))
              ->total_ep == 0);
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(12.9)))
              ->total_ep == 12);
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::of(pair), LooseValue::of(true), LooseValue::null()))
              ->total_ep == 12);
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(5000)))
              ->total_ep == 1012);
}

TEST_CASE("progress: the streak across midnight in a non-UTC zone", "[progress][streak]") {
    World w;  // clock at UTC+1
    const Id user = w.user();
    const Id pair = w.pair();
    w.clock.set(at("2026-11-21T22:30:00.000Z"));  // 23:30 local on the 21st
    CHECK(book_sent(w.ports, user,
                    card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(1)))
              ->streak_days == 1);
    w.clock.set(at("2026-11-21T23:30:00.000Z"));  // 00:30 local on the 22nd: a new day
    auto r = book_sent(w.ports, user,
                       card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(1)));
    CHECK(r->streak_days == 2);
    CHECK(r->streak_increased);
    CHECK(r->daily_ep == 1);                      // a fresh daily row
    w.clock.set(at("2026-11-22T22:59:00.000Z"));  // 23:59 local on the 22nd: same day
    r = book_sent(w.ports, user,
                  card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(1)));
    CHECK(r->streak_days == 2);
    CHECK_FALSE(r->streak_increased);
    CHECK(r->daily_ep == 2);
    w.clock.set(at("2026-11-24T12:00:00.000Z"));  // a day skipped
    r = book_sent(w.ports, user,
                  card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(1)));
    CHECK(r->streak_days == 1);
    CHECK_FALSE(r->streak_increased);
}

TEST_CASE("achievements: streak and EP unlocks, each once, listed in table order",
          "[achievements]") {
    World w;
    const Id user = w.user();
    const Id pair = w.pair();
    std::vector<std::string> seen;
    for (int d = 0; d < 7; ++d) {
        w.clock.set(at("2026-11-01T12:00:00.000Z") + std::chrono::days{d});
        auto r = book_sent(w.ports, user,
                           card(LooseValue::of(pair), LooseValue::of(true), LooseValue::of(20)));
        for (const auto& id : ids(r->unlocked_achievements)) seen.push_back(id);
    }
    CHECK(seen == std::vector<std::string>{"first_steps", "streak_3", "ep_100", "streak_7"});

    const auto list = list_achievements(w.ports, user);
    REQUIRE(list.size() == 10);
    CHECK(list[0].definition.id == "first_steps");
    CHECK(list[0].unlocked_at == at("2026-11-01T12:00:00.000Z"));
    CHECK(list[1].definition.id == "ep_100");
    CHECK(list[1].unlocked_at);
    CHECK_FALSE(list[2].unlocked_at);  // ep_500
    CHECK(list[5].definition.id == "streak_3");
    CHECK(list[5].definition.kind == "streak");
    CHECK(list[5].definition.threshold == 3);
    CHECK(list[6].unlocked_at);        // streak_7
    CHECK_FALSE(list[7].unlocked_at);  // streak_30
    CHECK(list[9].definition.title_sv == "Ett år");
}

TEST_CASE("booking: a graded answer is booked with its grade in the profile's target language",
          "[progress][graded]") {
    BookingState state;
    state.answer_type = "question";
    state.profile = BookingProfile{};
    state.profile->version = 4;
    state.profile->target_language = 3;
    state.pending = std::vector<AchievementDefinition>{};  // none left to unlock
    BookingCommand command;
    command.user_id = 7;
    command.pair_id = 11;
    command.now = Timestamp{} + std::chrono::hours(24 * 20000);
    command.today = std::chrono::floor<std::chrono::days>(command.now);
    command.correct = true;  // what the grade replaces
    command.points = 1000;
    std::vector<Id> asked;  // the languages the booking asked for a grade in
    command.grade = [&](Id language) -> std::optional<BookedAnswer> {
        asked.push_back(language);
        if (language == 1) return BookedAnswer{true, 10, fsrs::Rating::good, std::nullopt};
        if (language == 3) return BookedAnswer{false, 0, fsrs::Rating::again, Id{42}};
        return std::nullopt;
    };

    const BookingDecision swedish = decide_booking(command, state);
    CHECK(asked == std::vector<Id>{3});  // graded in the learner's language only
    CHECK(swedish.outcome.status == BookingStatus::booked);
    CHECK(swedish.outcome.language == 3);
    CHECK(swedish.outcome.total_ep == 0);
    REQUIRE(swedish.write);
    CHECK_FALSE(swedish.write->stats.correct);
    CHECK(swedish.write->review.language == 3);
    CHECK(swedish.write->review.rating == fsrs::Rating::again);
    CHECK(swedish.write->review.distractor_word_id == Id{42});
    // The stored outcome does not keep the language (a replay reads it again).
    CHECK(swedish.write->outcome.language == 0);

    state.profile->target_language = 1;
    const BookingDecision german = decide_booking(command, state);
    CHECK(german.outcome.language == 1);
    CHECK(german.outcome.total_ep == 10);
    REQUIRE(german.write);
    CHECK(german.write->stats.correct);
    CHECK(german.write->review.rating == fsrs::Rating::good);
    CHECK_FALSE(german.write->review.distractor_word_id);

    // No grade in English: nothing booked, nothing written (not even the key's record).
    state.profile->target_language = 2;
    command.idempotency = IdempotencyKey{"k", "answer;pair=11", Timestamp{}};
    const BookingDecision english = decide_booking(command, state);
    CHECK(english.outcome.status == BookingStatus::not_gradable);
    CHECK(english.outcome.language == 2);
    CHECK_FALSE(english.write);

    // A retry of a booked answer replays it, giving the language the learner practises now.
    state.stored =
        StoredBooking{"answer;pair=11", Timestamp{} + std::chrono::hours(1), german.outcome};
    state.stored->outcome.language = 0;  // as stored
    const BookingDecision replay = decide_booking(command, state);
    CHECK(replay.outcome.replayed);
    CHECK(replay.outcome.language == 2);
    CHECK(replay.outcome.total_ep == 10);
    CHECK_FALSE(replay.write);
    // The same key with another answer is refused first, graded or not.
    command.idempotency->fingerprint = "answer;pair=11;other";
    CHECK(decide_booking(command, state).outcome.status == BookingStatus::key_reused);
}
