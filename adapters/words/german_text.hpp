#pragma once
// Small UTF-8 helpers for German headwords (the dictionaries' index keys are lower-cased).
#include <string>
#include <string_view>
#include <vector>

namespace ll::words {

// Lower-cases ASCII and the Latin-1 letters (Ä Ö Ü and the other accented capitals); other
// characters are copied unchanged. Enough for German, English and Swedish headwords.
std::string lower(std::string_view text);
bool iequals(std::string_view a, std::string_view b);
// The first letter upper-cased (ASCII and ä ö ü and the other Latin-1 small letters).
std::string capitalized(std::string_view text);
// Code points that are letters or digits (not spaces, hyphens or punctuation).
std::size_t letter_count(std::string_view text);
// Words separated by spaces.
std::size_t word_count(std::string_view text);
// Trims spaces and collapses runs of spaces to one.
std::string squeeze(std::string_view text);
// Splits on `separator`, trimming each part.
std::vector<std::string> split_trimmed(std::string_view text, std::string_view separator);
bool starts_upper(std::string_view text);

}  // namespace ll::words
