#pragma once
// Bounds-checked reads of untrusted bytes (an upload) for the picture header readers
// (image_info.cpp, decode_cost.cpp), both fuzz targets: every read checks `has` first.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ll {

class ByteReader {
  public:
    explicit ByteReader(std::string_view s) : s_(s) {}
    std::size_t size() const { return s_.size(); }
    // True when [offset, offset + count) lies inside the input (no overflow on huge offsets).
    bool has(std::size_t offset, std::size_t count) const {
        return offset <= s_.size() && count <= s_.size() - offset;
    }
    std::uint32_t u8(std::size_t i) const { return static_cast<unsigned char>(s_[i]); }
    std::uint32_t be16(std::size_t i) const { return (u8(i) << 8) | u8(i + 1); }
    std::uint32_t be32(std::size_t i) const { return (be16(i) << 16) | be16(i + 2); }
    std::uint32_t le16(std::size_t i) const { return u8(i) | (u8(i + 1) << 8); }
    std::uint32_t le24(std::size_t i) const { return le16(i) | (u8(i + 2) << 16); }
    std::uint32_t le32(std::size_t i) const { return le24(i) | (u8(i + 3) << 24); }
    bool equals(std::size_t offset, std::string_view what) const {
        return has(offset, what.size()) && s_.substr(offset, what.size()) == what;
    }
    std::string_view view(std::size_t offset, std::size_t count) const {
        return s_.substr(offset, count);
    }
    // The offset of the next `c` at or after `from`, or size() when there is none.
    std::size_t find(char c, std::size_t from) const {
        const std::size_t at = s_.find(c, from);
        return at == std::string_view::npos ? s_.size() : at;
    }

  private:
    std::string_view s_;
};

}  // namespace ll
