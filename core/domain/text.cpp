// Text rules: JavaScript-compatible trimming, e-mail shape, username format, code points.
#include <algorithm>

#include "core/domain/rules.hpp"
#include "core/domain/utf8.hpp"

namespace ll {

std::string trim(std::string_view s) {
    std::size_t begin = 0;
    while (begin < s.size()) {
        const auto [cp, len] = utf8::decode(s, begin);
        if (!utf8::is_js_whitespace(cp)) break;
        begin += len;
    }
    std::size_t end = s.size();
    while (end > begin) {
        const std::size_t start = utf8::previous(s, end);
        const auto [cp, len] = utf8::decode(s, start);
        if (!utf8::is_js_whitespace(cp)) break;
        end = start;
    }
    return std::string(s.substr(begin, end - begin));
}

std::string ascii_lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) {
        return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    });
    return out;
}

std::string fold_case(std::string_view s) {
    std::string out(s);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const auto c = static_cast<unsigned char>(out[i]);
        if (c >= 'A' && c <= 'Z') {
            out[i] = static_cast<char>(c - 'A' + 'a');
        } else if (c == 0xC3 && i + 1 < out.size()) {
            // U+00C0..U+00DE (but U+00D7, the multiplication sign) -> U+00E0..U+00FE.
            const auto next = static_cast<unsigned char>(out[i + 1]);
            if (next >= 0x80 && next <= 0x9E && next != 0x97)
                out[i + 1] = static_cast<char>(next + 0x20);
            ++i;
        }
    }
    return out;
}

std::size_t code_point_count(std::string_view text) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); i += utf8::decode(text, i).length) ++count;
    return count;
}

std::string normalize_email(std::string_view raw) {
    return ascii_lower(trim(raw));
}

// Mirrors /^[^\s@]+@[^\s@]+\.[^\s@]+$/.
bool is_valid_email_shape(std::string_view email) {
    if (email.size() > kMaxEmailBytes) return false;
    for (std::size_t i = 0; i < email.size();) {
        const auto [cp, len] = utf8::decode(email, i);
        // NUL too (JSON can spell it): libpq cuts a string there, so PostgreSQL would store and
        // compare only what comes before it (docs/deviations.md).
        if (utf8::is_js_whitespace(cp) || cp == 0) return false;
        i += len;
    }
    const auto at = email.find('@');
    if (at == std::string_view::npos || at == 0) return false;
    const std::string_view domain = email.substr(at + 1);
    if (domain.find('@') != std::string_view::npos) return false;
    // Some dot with at least one character on each side.
    for (std::size_t dot = domain.find('.'); dot != std::string_view::npos;
         dot = domain.find('.', dot + 1)) {
        if (dot > 0 && dot + 1 < domain.size()) return true;
    }
    return false;
}

bool is_valid_username(std::string_view name) {
    if (name.size() < 3 || name.size() > 20) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
               c == '_';
    });
}

}  // namespace ll
