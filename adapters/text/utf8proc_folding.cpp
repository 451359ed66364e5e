#include "adapters/text/utf8proc_folding.hpp"

#include <cstdlib>
#include <memory>

#include <utf8proc.h>

namespace ll {

std::string Utf8procFolding::fold(std::string_view text) const {
    utf8proc_uint8_t* out = nullptr;
    // COMPOSE gives NFC; CASEFOLD Unicode's full case folding ("Straße" -> "strasse"); STABLE
    // keeps unassigned code points as they are. A negative answer is an error (invalid UTF-8).
    const auto length = utf8proc_map(
        reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
        static_cast<utf8proc_ssize_t>(text.size()), &out,
        static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD));
    if (length < 0) return std::string(text);
    const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
    return std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(length));
}

}  // namespace ll
