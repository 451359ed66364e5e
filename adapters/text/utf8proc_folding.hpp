#pragma once
// TextFolding on utf8proc (Debian's libutf8proc): NFC with Unicode's full case folding.
#include "core/ports/text_folding.hpp"

namespace ll {

class Utf8procFolding final : public TextFolding {
  public:
    std::string fold(std::string_view text) const override;
};

}  // namespace ll
