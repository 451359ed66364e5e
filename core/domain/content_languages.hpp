#pragma once
// The languages content is written in, and which texts its audio speaks (docs/authoring.md):
// one list for the staff API's choices and both stores' audio coverage.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace ll {

// Every text of the content has a column per language (text_de, text_en, text_sv, ...), in this
// order; the languages table lists the same codes.
inline const std::initializer_list<std::string_view> kContentLanguages = {"de", "en", "sv"};

// Whether a text counts as written: more than ASCII white space. The audio coverage and the
// content lists' "missing" filters count by it; DialectSql::has_text spells it in SQL.
inline bool has_text(const std::optional<std::string>& text) {
    return text && text->find_first_not_of(" \t\n\v\f\r") != std::string::npos;
}

// A statement's or a question's text in a content language (de, en, sv).
template <typename Item>
const std::optional<std::string>& text_in(const Item& item, std::string_view language) {
    return language == "de" ? item.text_de : language == "en" ? item.text_en : item.text_sv;
}

// A word's title in a content language (de, en, sv; the German one is always there).
template <typename Word>
std::optional<std::string> title_in(const Word& word, std::string_view language) {
    if (language == "de") return word.title_de;
    return language == "en" ? word.title_en : word.title_sv;
}

// The text an item speaks in a language: a word's title, a statement's or question's text.
template <typename Item>
std::optional<std::string> spoken_text(const Item& item, std::string_view language) {
    if constexpr (requires { item.title_de; })
        return title_in(item, language);
    else
        return text_in(item, language);
}

// The tables whose texts get audio.
inline const std::initializer_list<std::string_view> kAudioTables = {"statements", "questions",
                                                                     "words"};

// The text field a language's audio of an item speaks: title_<lang> for a word, text_<lang>
// otherwise (a question's short answers are spoken only when asked for by field).
inline std::string spoken_field(std::string_view table, std::string_view language) {
    return std::string(table == "words" ? "title_" : "text_") + std::string(language);
}

}  // namespace ll
