#pragma once
// Unicode folding for comparing typed answers (docs/learning.md "Graded answers"): composed
// (NFC) and case-folded, so "Äpple", "äpple" and "a\u0308pple" fold alike. A port because it
// needs Unicode's tables, which the core does not carry (adapters/text/utf8proc_folding.cpp).
#include <string>
#include <string_view>

namespace ll {

class TextFolding {
  public:
    virtual ~TextFolding() = default;
    // `text` in NFC and case-folded; text that is not UTF-8 comes back as it was.
    virtual std::string fold(std::string_view text) const = 0;
};

}  // namespace ll
