#pragma once
// A dictd .index file in memory: lines `headword<TAB>offset<TAB>length` (offset and length in
// dictd's base64, most significant digit first; headwords lower-cased). Kept compact: the
// headwords in one string and a sorted array of 16-byte records (deu-eng: ~520k lines, ~17 MB).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ll::words {

struct EntryLocation {
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
};

class DictIndex {
  public:
    // Throws GenerationError when the file cannot be read or a line is malformed.
    explicit DictIndex(const std::string& path);

    // The entries of a headword (already lower-cased), in file order.
    std::vector<EntryLocation> find(std::string_view key) const;
    bool contains(std::string_view key) const;
    // Distinct headwords (sorted) that start with `prefix`, or that end with `suffix`, other
    // than the word itself; at most `limit`.
    std::vector<std::string_view> keys_with_prefix(std::string_view prefix,
                                                   std::size_t limit) const;
    std::vector<std::string_view> keys_with_suffix(std::string_view suffix,
                                                   std::size_t limit) const;

    std::size_t size() const { return records_.size(); }

  private:
    struct Record {
        std::uint32_t key_pos;
        std::uint32_t offset;
        std::uint32_t length;
        std::uint32_t key_len;
    };
    std::string_view key(const Record& r) const { return {keys_.data() + r.key_pos, r.key_len}; }
    std::vector<Record>::const_iterator lower_bound(std::string_view key) const;

    std::string keys_;
    std::vector<Record> records_;  // sorted by key (bytewise), then by file order
};

// dictd's base64 number ("B0" = 1*64 + 52); nullopt-like -1 on a character outside the alphabet.
std::int64_t decode_dictd_number(std::string_view digits);

}  // namespace ll::words
