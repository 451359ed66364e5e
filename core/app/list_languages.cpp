#include "core/app/list_languages.hpp"

#include <algorithm>

namespace ll {

std::vector<Language> list_languages(const LanguagePorts& ports) {
    auto languages = ports.languages.list_published();
    std::sort(languages.begin(), languages.end(), [](const Language& a, const Language& b) {
        if (a.titel_de.has_value() != b.titel_de.has_value()) return a.titel_de.has_value();
        if (a.titel_de && *a.titel_de != *b.titel_de) return *a.titel_de < *b.titel_de;
        return a.id < b.id;
    });
    return languages;
}

}  // namespace ll
