#pragma once
#include <vector>

#include "core/ports/languages.hpp"

namespace ll {

// What GET /auth/languages uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct LanguagePorts {
    LanguageRepository& languages;
    template <typename From>
    LanguagePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : languages(from.languages) {}
};

// Published languages ordered by titel_de ascending (byte order), null titles last, then id.
std::vector<Language> list_languages(const LanguagePorts& ports);

}  // namespace ll
