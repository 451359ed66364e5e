// UTF-8 helpers used on German, English and Swedish headwords.
#include <catch2/catch.hpp>

#include "adapters/words/german_text.hpp"

TEST_CASE("German text helpers handle umlauts and spacing", "[words][text]") {
    using namespace ll::words;
    CHECK(lower("ÄPFEL Über Öl ß") == "äpfel über öl ß");
    CHECK(lower("×") == "×");  // U+00D7 is no letter
    CHECK(capitalized("äpfel") == "Äpfel");
    CHECK(capitalized("hund") == "Hund");
    CHECK(capitalized("") == "");
    CHECK(iequals("Haushund", "HAUSHUND"));
    CHECK(letter_count("Schäferhund") == 11);
    CHECK(letter_count("Kfz-Werkstatt") == 12);
    CHECK(word_count("  knurriger   Hund ") == 2);
    CHECK(squeeze("  a \t b\n") == "a b");
    CHECK(split_trimmed("masc, n,sg", ",") == std::vector<std::string>{"masc", "n", "sg"});
    CHECK(starts_upper("Ärger"));
    CHECK_FALSE(starts_upper("ärger"));
}
