#pragma once
// Minimal UTF-8 decoding for the text rules (no locale, no ICU).
#include <cstddef>
#include <string_view>

namespace ll::utf8 {

struct Decoded {
    char32_t code_point;
    std::size_t length;  // bytes consumed, at least 1
};

// Invalid or truncated sequences decode as U+FFFD of length 1.
Decoded decode(std::string_view s, std::size_t pos);
// True when every byte belongs to a well-formed sequence (no overlong forms, no surrogates).
// JSON bodies are checked by the parser; percent-decoded query values and header values are not.
bool valid(std::string_view s);
// Start of the code point that ends right before `end` (end > 0).
std::size_t previous(std::string_view s, std::size_t end);
// JavaScript's WhiteSpace and LineTerminator (what String.prototype.trim and \s match).
bool is_js_whitespace(char32_t cp);

}  // namespace ll::utf8
