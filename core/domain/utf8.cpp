#include "core/domain/utf8.hpp"

namespace ll::utf8 {

Decoded decode(std::string_view s, std::size_t pos) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = byte(pos);
    if (lead < 0x80) return {lead, 1};
    std::size_t length = 0;
    char32_t cp = 0;
    if ((lead & 0xE0) == 0xC0) {
        length = 2;
        cp = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3;
        cp = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4;
        cp = lead & 0x07;
    } else {
        return {0xFFFD, 1};
    }
    if (pos + length > s.size()) return {0xFFFD, 1};
    for (std::size_t i = 1; i < length; ++i) {
        const unsigned char c = byte(pos + i);
        if ((c & 0xC0) != 0x80) return {0xFFFD, 1};
        cp = (cp << 6) | (c & 0x3F);
    }
    // Overlong forms and surrogates are invalid.
    static constexpr char32_t kMinForLength[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMinForLength[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return {0xFFFD, 1};
    }
    return {cp, length};
}

bool storable_text(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const Decoded d = decode(s, i);
        // NUL, or a byte outside any well-formed sequence (a literal U+FFFD is 3 bytes).
        if (d.code_point == 0 || (d.code_point == 0xFFFD && d.length == 1)) return false;
        i += d.length;
    }
    return true;
}

std::size_t previous(std::string_view s, std::size_t end) {
    std::size_t start = end - 1;
    // Step back over at most three continuation bytes, then check the sequence really ends here.
    for (int i = 0; i < 3 && start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80;
         ++i) {
        --start;
    }
    return start + decode(s, start).length == end ? start : end - 1;
}

bool is_js_whitespace(char32_t cp) {
    switch (cp) {
        case 0x09:
        case 0x0A:
        case 0x0B:
        case 0x0C:
        case 0x0D:
        case 0x20:
        case 0xA0:
        case 0x1680:
        case 0x2028:
        case 0x2029:
        case 0x202F:
        case 0x205F:
        case 0x3000:
        case 0xFEFF:
            return true;
        default:
            return cp >= 0x2000 && cp <= 0x200A;
    }
}

}  // namespace ll::utf8
