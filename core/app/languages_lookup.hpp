#pragma once
// Finding a published language by id among the repository's list.
#include <optional>
#include <vector>

#include "core/domain/entities.hpp"

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

}  // namespace ll
