#pragma once
// PUT /auth/profile/target-language: the learner switches the language they practise
// (docs/learning.md "Several target languages"). The memory and the practice queue are per
// language; EP, streak, level, goal and achievements stay the learner's.
#include "core/app/requests/decoder.hpp"
#include "core/domain/loose_value.hpp"
#include "core/domain/result.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

struct TargetLanguagePorts {
    ProfileRepository& profiles;
    LanguageRepository& languages;
    template <typename From>
    TargetLanguagePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : profiles(from.profiles), languages(from.languages) {}
};

struct TargetLanguageOutput {
    Id target_language = 0;
};

// The body's targetLang: the id (a number or a string of digits) of a language. Missing or null
// is 400 `targetLang is required`; a value that is no id is kept as none, and answered as an id no
// published language has.
struct TargetLanguageRequest {
    std::optional<Id> language;
};
template <>
Result<TargetLanguageRequest> decode<TargetLanguageRequest>(const LooseValue& body);

// A published language other than the native one: an id no published language has is 400
// `Invalid language id(s)`, the native language 400 `nativeLang and targetLang must differ`;
// without a profile 409.
Result<TargetLanguageOutput> switch_target_language(const TargetLanguagePorts& ports, Id user_id,
                                                    const TargetLanguageRequest& request);

}  // namespace ll
