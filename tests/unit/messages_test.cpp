// The learner API's words in German, English and Swedish (core/domain/messages.*, locale.*,
// stats' skill labels): docs/accounts.md "Languages of messages and labels".
#include <catch2/catch.hpp>

#include "core/domain/errors.hpp"
#include "core/domain/locale.hpp"
#include "core/domain/messages.hpp"
#include "core/domain/stats.hpp"

using namespace ll;

TEST_CASE("languages: the short codes langlearn speaks, in any case", "[locale]") {
    CHECK(lang_from_code("de") == Lang::de);
    CHECK(lang_from_code("EN") == Lang::en);
    CHECK(lang_from_code("Sv") == Lang::sv);
    CHECK_FALSE(lang_from_code("fr"));
    CHECK_FALSE(lang_from_code(""));
    CHECK_FALSE(lang_from_code("deu"));
    for (const Lang lang : kLangs) CHECK(lang_from_code(lang_code(lang)) == lang);
}

TEST_CASE("messages: a fixed message in each language; the default where it is that language",
          "[locale]") {
    const std::string profile = errors::no_profile_for_progress().message;
    CHECK(message_in(profile, Lang::de) == profile);  // the seed's German
    CHECK(message_in(profile, Lang::en) == "No profile yet. Please create a profile first.");
    CHECK(message_in(profile, Lang::sv) == "Ingen profil ännu. Skapa först en profil.");
    CHECK(message_in("Kein Profil vorhanden.", Lang::en) == "No profile yet.");

    const std::string token = errors::invalid_token().message;
    CHECK(message_in(token, Lang::en) == token);
    CHECK(message_in(token, Lang::de) == "Ungültiges oder abgelaufenes Token");
    CHECK(message_in(token, Lang::sv) == "Ogiltig eller utgången token");
    CHECK(message_in(errors::pair_not_found().message, Lang::sv) == "Kortet hittades inte");
    CHECK(message_in(errors::answered_at_too_old().message, Lang::de) ==
          "answered_at liegt mehr als 7 Tage zurück");
}

TEST_CASE("messages: '<field> <problem>' keeps the field and what the problem carries",
          "[locale]") {
    CHECK(message_in(errors::field("limit", errors::problem::not_integer).message, Lang::de) ==
          "limit muss eine ganze Zahl sein");
    CHECK(message_in(errors::field("after", errors::problem::not_pair_cursor).message, Lang::sv) ==
          "after måste vara ett korts id (ett heltal >= 0)");
    CHECK(message_in(errors::field("items[3].pair_id", errors::problem::required).message,
                     Lang::sv) == "items[3].pair_id krävs");
    CHECK(
        message_in(errors::field("daily_goal_ep", errors::problem::not_integer_in(1, 500)).message,
                   Lang::de) == "daily_goal_ep muss eine ganze Zahl von 1 bis 500 sein");
    CHECK(message_in(
              errors::field("desired_retention", errors::problem::not_number_in(0.7, 0.97)).message,
              Lang::sv) == "desired_retention måste vara ett tal från 0,70 till 0,97");
    CHECK(message_in(
              errors::field("desired_retention", errors::problem::not_number_in(0.7, 0.97)).message,
              Lang::en) == "desired_retention must be a number from 0.70 to 0.97");
    CHECK(message_in("lang must be one of de, en, sv", Lang::de) ==
          "lang muss einer der Werte de, en, sv sein");
    CHECK(message_in("speed is not a setting (the settings are desired_retention and new_per_day)",
                     Lang::sv) ==
          "speed är ingen inställning (inställningarna är desired_retention och new_per_day)");
    // Only a whole decimal number turns its point into a comma.
    CHECK(message_in("v1.2 must be an integer", Lang::de) == "v1.2 muss eine ganze Zahl sein");
}

TEST_CASE("messages: what the catalogue does not hold stays as it is", "[locale]") {
    // Not a field's name: the first part of a "<field> <problem>" message is one word.
    CHECK_FALSE(message_in("the pair is required", Lang::de));
    CHECK_FALSE(message_in("Category \"Tiere\" exists already", Lang::de));
    CHECK_FALSE(message_in("", Lang::sv));
    CHECK_FALSE(message_in("limit must be an integer!", Lang::de));  // not the whole message
    CHECK_FALSE(message_in(" must be an integer", Lang::de));        // no field at all
}

TEST_CASE("stats: skill keys beside labels in the asked language, the seed's German by default",
          "[stats][locale]") {
    StatsSnapshot snapshot;
    snapshot.by_answer_type = {{"word", 2, 1}, {"yes_no", 1, 1}};
    const Date today = std::chrono::sys_days{std::chrono::year{2026} / 11 / 28};
    const Stats seed = aggregate_stats(snapshot, today);
    REQUIRE(seed.skills.size() == 3);
    CHECK(seed.skills[0].key == "vocabulary");
    CHECK(seed.skills[0].label == "Vokabular");
    CHECK(seed.skills[1].key == "reading");
    CHECK(seed.skills[1].label == "Lesen");
    CHECK(seed.skills[2].key == "comprehension");
    CHECK(seed.skills[2].label == "Verständnis");

    const Stats en = aggregate_stats(snapshot, today, Lang::en);
    CHECK(en.skills[0].label == "Vocabulary");
    CHECK(en.skills[1].label == "Reading");
    CHECK(en.skills[2].label == "Comprehension");
    CHECK(en.skills[0].seen == 2);  // the same figures, other words
    CHECK(en.skills[2].value == 1.0);
    const Stats sv = aggregate_stats(snapshot, today, Lang::sv);
    CHECK(sv.skills[0].label == "Ordförråd");
    CHECK(sv.skills[1].label == "Läsning");
    CHECK(sv.skills[2].label == "Förståelse");
    CHECK(sv.skills[2].key == "comprehension");
}

TEST_CASE("stats: a category's label in the asked language where it has one, else titel_de",
          "[stats][locale]") {
    StatsSnapshot snapshot;
    snapshot.categories = {{1, "Tiere", 10, 1, "Animals", "Djur"}, {2, "Werkzeug", 5, 1, "Tools"}};
    const Date today = std::chrono::sys_days{std::chrono::year{2026} / 11 / 28};
    const Stats de = aggregate_stats(snapshot, today);
    CHECK(de.categories.at(0).label == "Tiere");
    CHECK(de.categories.at(1).label == "Werkzeug");
    const Stats en = aggregate_stats(snapshot, today, Lang::en);
    CHECK(en.categories.at(0).label == "Animals");
    CHECK(en.categories.at(1).label == "Tools");
    const Stats sv = aggregate_stats(snapshot, today, Lang::sv);
    CHECK(sv.categories.at(0).label == "Djur");
    CHECK(sv.categories.at(1).label == "Werkzeug");  // no Swedish title: the German one
    CHECK(sv.categories.at(1).id == 2);
}
