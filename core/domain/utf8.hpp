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
// Text every JSON answer and PostgreSQL's text type can hold: every byte belongs to a
// well-formed sequence (no overlong forms, no surrogates) and none is NUL. JSON bodies are
// checked by the parser, but may spell NUL as \u0000; percent-decoded query values and header
// values are not checked at all.
bool storable_text(std::string_view s);
// Start of the code point that ends right before `end` (end > 0).
std::size_t previous(std::string_view s, std::size_t end);
// JavaScript's WhiteSpace and LineTerminator (what String.prototype.trim and \s match).
bool is_js_whitespace(char32_t cp);

}  // namespace ll::utf8
