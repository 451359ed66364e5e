// Grading typed answers (core/domain/grading.hpp, with the Unicode folding of
// adapters/text/utf8proc_folding.cpp): the normal form's table, edit distances, verdicts and
// the points table (docs/learning.md "Graded answers").
#include <catch2/catch.hpp>

#include "adapters/text/utf8proc_folding.hpp"
#include "core/domain/grading.hpp"

using namespace ll;
using namespace ll::grading;

namespace {

std::string normal(std::string_view text, std::string_view lang) {
    static const Utf8procFolding folding;
    return normal_form(folding.fold(text), lang);
}

std::vector<Accepted> accepts(std::initializer_list<std::pair<const char*, const char*>> list) {
    std::vector<Accepted> out;
    for (const auto& [text, lang] : list) out.push_back({normal(text, lang), text});
    return out;
}

}  // namespace

TEST_CASE("grading: the normal form of an answer", "[grading]") {
    struct Case {
        const char *text, *lang, *normal;
    };
    const Case cases[] = {
        // Case, and Unicode's full case folding.
        {"HUND", "de", "hund"},
        {"Straße", "de", "strasse"},
        {"ÄPPLE", "sv", "äpple"},
        // NFD (a + combining diaeresis) and NFC fold alike.
        {"a\u0308pple", "sv", "äpple"},
        {"\u00e4pple", "sv", "äpple"},
        // White space trimmed and collapsed, tabs and no-break spaces too.
        {"  roter \t  Apfel  ", "de", "roter apfel"},
        {"red\u00a0apple", "en", "red apple"},
        // Final punctuation and the space before it.
        {"Hund.", "de", "hund"},
        {"dog !", "en", "dog"},
        {"hund?!\u2026", "sv", "hund"},
        {"\u201eHund\u201c", "de", "\u201ehund"},  // an opening quote stays
        // One leading article of the answer's language, when a word follows.
        {"der Hund", "de", "hund"},
        {"Ein Apfel", "de", "apfel"},
        {"the dog", "en", "dog"},
        {"an apple", "en", "apple"},
        {"ett äpple", "sv", "äpple"},
        {"en hund", "sv", "hund"},
        {"der", "de", "der"},              // an article alone is the answer
        {"the the dog", "en", "the dog"},  // one article only
        {"der Hund", "en", "der hund"},    // another language's article stays
        {"Dieb", "de", "dieb"},            // a word that starts like an article
        {"", "de", ""},
    };
    for (const auto& c : cases) {
        INFO(c.text << " (" << c.lang << ")");
        CHECK(normal(c.text, c.lang) == c.normal);
    }
}

TEST_CASE("grading: edit distance in code points, a swap of neighbours one edit", "[grading]") {
    CHECK(edit_distance("hund", "hund") == 0);
    CHECK(edit_distance("hund", "hunt") == 1);    // substitution
    CHECK(edit_distance("hund", "hundd") == 1);   // insertion
    CHECK(edit_distance("hund", "hnd") == 1);     // deletion
    CHECK(edit_distance("hund", "hnud") == 1);    // swap
    CHECK(edit_distance("äpple", "apple") == 1);  // one code point, two bytes
    CHECK(edit_distance("hund", "katze") == 2);   // capped
    CHECK(edit_distance("a", "abcdef") == 2);     // far apart in length: capped at once
    CHECK(edit_distance("abc", "cba", 5) == 2);
}

TEST_CASE("grading: correct, near miss, wrong", "[grading]") {
    const auto accepted = accepts({{"Schmetterling", "de"}, {"der Falter", "de"}});
    const auto grade = [&](const char* typed) { return grade_text(normal(typed, "de"), accepted); };
    CHECK(grade("schmetterling").verdict == Verdict::correct);
    CHECK(grade("Falter!").verdict == Verdict::correct);
    CHECK(grade("Falter").expected == "der Falter");  // the accepted text that matched
    CHECK(grade("Schmeterling").verdict == Verdict::near_miss);
    CHECK(grade("Schmeterling").expected == "Schmetterling");
    CHECK(grade("Fatler").verdict == Verdict::near_miss);  // a swap
    CHECK(grade("Schmetterlinge").verdict == Verdict::near_miss);
    CHECK(grade("Schmeterlinge").verdict == Verdict::wrong);    // two edits
    CHECK(grade("Schmeterlinge").expected == "Schmetterling");  // the card's own answer
    // Under five letters one edit is wrong: "Hund" for "Hand" is another word.
    const auto hand = accepts({{"Hand", "de"}});
    CHECK(grade_text(normal("Hund", "de"), hand).verdict == Verdict::wrong);
    CHECK(grade_text(normal("", "de"), hand).verdict == Verdict::wrong);
    CHECK(grade_text("hand", {}).verdict == Verdict::wrong);  // a card that accepts nothing
}

TEST_CASE("grading: ratings and the points table", "[grading]") {
    CHECK(rating_for(Verdict::correct) == fsrs::Rating::good);
    CHECK(rating_for(Verdict::near_miss) == fsrs::Rating::hard);
    CHECK(rating_for(Verdict::wrong) == fsrs::Rating::again);
    using fsrs::Rating;
    CHECK(points_for("word", 1, Rating::good) == 10);
    CHECK(points_for("word", 9, Rating::good) == 10);
    CHECK(points_for("word", 10, Rating::good) == 11);
    CHECK(points_for("question", 1, Rating::good) == 15);
    CHECK(points_for("yes_no", 1, Rating::easy) == 5);
    CHECK(points_for("text", 100, Rating::good) == 20);
    CHECK(points_for("other", 1, Rating::good) == 10);
    CHECK(points_for("word", 1, Rating::hard) == 5);
    CHECK(points_for("question", 1, Rating::hard) == 7);
    CHECK(points_for("word", 50, Rating::again) == 0);
    CHECK(points_for("word", 1000, Rating::good) == 20);  // a level beyond 100 counts as 100
}
