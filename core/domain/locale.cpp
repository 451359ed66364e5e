#include "core/domain/locale.hpp"

#include <cctype>

namespace ll {

std::optional<Lang> lang_from_code(std::string_view code) {
    if (code.size() != 2) return std::nullopt;
    const char lower[2] = {static_cast<char>(std::tolower(static_cast<unsigned char>(code[0]))),
                           static_cast<char>(std::tolower(static_cast<unsigned char>(code[1])))};
    const std::string_view c(lower, 2);
    for (const Lang lang : kLangs) {
        if (lang_code(lang) == c) return lang;
    }
    return std::nullopt;
}

}  // namespace ll
