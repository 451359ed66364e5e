#include "adapters/words/german_text.hpp"

namespace ll::words {

std::string lower(std::string_view text) {
    std::string out(text);
    for (std::size_t i = 0; i < out.size(); ++i) {
        auto c = static_cast<unsigned char>(out[i]);
        if (c >= 'A' && c <= 'Z') {
            out[i] = static_cast<char>(c + 32);
        } else if (c == 0xC3 && i + 1 < out.size()) {
            // U+00C0..U+00DE (except U+00D7, the multiplication sign) are capitals whose small
            // letter is 0x20 higher: in UTF-8 only the second byte changes.
            auto d = static_cast<unsigned char>(out[i + 1]);
            if (d >= 0x80 && d <= 0x9E && d != 0x97) out[i + 1] = static_cast<char>(d + 0x20);
            ++i;
        }
    }
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    return lower(a) == lower(b);
}

std::string capitalized(std::string_view text) {
    std::string out(text);
    if (out.empty()) return out;
    const auto c = static_cast<unsigned char>(out[0]);
    if (c >= 'a' && c <= 'z') {
        out[0] = static_cast<char>(c - 32);
    } else if (c == 0xC3 && out.size() > 1) {
        // U+00E0..U+00FE (except U+00F7, the division sign) -> U+00C0..U+00DE.
        const auto d = static_cast<unsigned char>(out[1]);
        if (d >= 0xA0 && d <= 0xBE && d != 0xB7) out[1] = static_cast<char>(d - 0x20);
    }
    return out;
}

std::size_t letter_count(std::string_view text) {
    std::size_t n = 0;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c & 0xC0) == 0x80) continue;  // continuation byte
        if (c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
            ++n;
    }
    return n;
}

std::size_t word_count(std::string_view text) {
    std::size_t n = 0;
    bool in_word = false;
    for (const char c : text) {
        const bool space = c == ' ' || c == '\t';
        if (!space && !in_word) ++n;
        in_word = !space;
    }
    return n;
}

std::string squeeze(std::string_view text) {
    std::string out;
    bool pending_space = false;
    for (const char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out.push_back(' ');
        pending_space = false;
        out.push_back(c);
    }
    return out;
}

std::vector<std::string> split_trimmed(std::string_view text, std::string_view separator) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const auto at = text.find(separator, start);
        out.push_back(squeeze(text.substr(start, at == std::string_view::npos ? at : at - start)));
        if (at == std::string_view::npos) break;
        start = at + separator.size();
    }
    return out;
}

bool starts_upper(std::string_view text) {
    if (text.empty()) return false;
    const auto c = static_cast<unsigned char>(text[0]);
    if (c >= 'A' && c <= 'Z') return true;
    if (c == 0xC3 && text.size() > 1) {
        const auto d = static_cast<unsigned char>(text[1]);
        return d >= 0x80 && d <= 0x9E && d != 0x97;
    }
    return false;
}

}  // namespace ll::words
