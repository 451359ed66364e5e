#pragma once
// The languages langlearn speaks to people in (error messages, the statistics' labels, language
// titles, the reset mail): German, English and Swedish, the languages of its content
// (docs/accounts.md "Languages of messages and labels").
#include <array>
#include <optional>
#include <string_view>

namespace ll {

enum class Lang { de, en, sv };

inline constexpr std::array<Lang, 3> kLangs = {Lang::de, Lang::en, Lang::sv};

// "de", "en", "sv": the languages' short_en.
constexpr std::string_view lang_code(Lang lang) {
    switch (lang) {
        case Lang::de:
            return "de";
        case Lang::en:
            return "en";
        case Lang::sv:
            return "sv";
    }
    return "de";
}

// A language's short code (any case), or nullopt for one langlearn does not speak.
std::optional<Lang> lang_from_code(std::string_view code);

// One text in each language, picked with in().
struct Texts {
    std::string_view de, en, sv;
    constexpr std::string_view in(Lang lang) const {
        return lang == Lang::en ? en : lang == Lang::sv ? sv : de;
    }
};

}  // namespace ll
