#pragma once
// Finding a published language by id among the repository's list.
#include <optional>
#include <vector>

#include "core/domain/entities.hpp"
#include "core/domain/locale.hpp"

namespace ll {

// The `native_lang` of an account without a native language (docs/spec/service.md: login, token
// claims; the register answer too, docs/accounts.md "For app developers").
inline constexpr const char* kDefaultNativeLang = "de";

inline const Language* find_language(const std::vector<Language>& languages, std::optional<Id> id) {
    if (!id) return nullptr;
    for (const auto& language : languages) {
        if (language.id == *id) return &language;
    }
    return nullptr;
}

// The language's title in `lang` (titel_de, titel_en or titel_sv), titel_de where that one is
// missing.
inline const std::optional<std::string>& language_title(const Language& language, Lang lang) {
    const auto& title = lang == Lang::en   ? language.titel_en
                        : lang == Lang::sv ? language.titel_sv
                                           : language.titel_de;
    return title ? title : language.titel_de;
}

}  // namespace ll
