#pragma once
// One FreeDict dictionary as Debian installs it for dictd: <dir>/freedict-<name>.index and
// <dir>/freedict-<name>.dict.dz. The index is held in memory; entry texts are inflated on demand.
#include <string>
#include <string_view>
#include <vector>

#include "adapters/words/dict_index.hpp"
#include "adapters/words/dictzip_reader.hpp"
#include "adapters/words/freedict_entry.hpp"

namespace ll::words {

class FreedictDictionary {
  public:
    // Throws GenerationError naming the missing or unreadable file.
    FreedictDictionary(const std::string& dir, const std::string& name);

    // The raw entry texts of a headword (any case), in dictionary order.
    std::vector<std::string> texts(std::string_view word) const;
    std::vector<EngEntry> eng_entries(std::string_view word) const;
    std::vector<SweEntry> swe_entries(std::string_view word) const;

    const DictIndex& index() const { return index_; }

  private:
    DictIndex index_;
    DictzipReader text_;
};

}  // namespace ll::words
