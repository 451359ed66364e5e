#include "adapters/speech/wav_info.hpp"

#include <limits>

namespace ll {

namespace {

constexpr std::size_t kChunkHeader = 8;  // 4-byte id, 4-byte little-endian size
constexpr std::uint32_t kUnknownSize = 0xFFFFFFFFu;

// Callers check the bounds; these only assemble little-endian values.
std::uint16_t le16(std::string_view b, std::size_t at) {
    return static_cast<std::uint16_t>(static_cast<unsigned char>(b[at]) |
                                      static_cast<unsigned char>(b[at + 1]) << 8);
}

std::uint32_t le32(std::string_view b, std::size_t at) {
    return static_cast<std::uint32_t>(le16(b, at)) | static_cast<std::uint32_t>(le16(b, at + 2))
                                                         << 16;
}

void put_le32(std::string& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Reads the 16 bytes every `fmt ` chunk starts with (WAVE_FORMAT_EXTENSIBLE only adds fields).
void read_fmt(std::string_view b, std::size_t body, WavInfo& info) {
    info.format = le16(b, body);
    info.channels = le16(b, body + 2);
    info.sample_rate = le32(b, body + 4);
    info.byte_rate = le32(b, body + 8);
    info.block_align = le16(b, body + 12);
    info.bits_per_sample = le16(b, body + 14);
}

bool fmt_is_consistent(const WavInfo& info) {
    if (info.channels == 0 || info.sample_rate == 0 || info.byte_rate == 0 ||
        info.block_align == 0 || info.bits_per_sample == 0) {
        return false;
    }
    if (info.format != 1) return true;  // other codecs: only the non-zero checks apply
    const std::uint64_t frame = std::uint64_t{info.channels} * ((info.bits_per_sample + 7u) / 8u);
    return info.block_align == frame &&
           info.byte_rate == std::uint64_t{info.sample_rate} * info.block_align;
}

}  // namespace

std::optional<WavInfo> read_wav_info(std::string_view b) {
    if (b.size() < 12 || b.substr(0, 4) != "RIFF" || b.substr(8, 4) != "WAVE") return std::nullopt;
    WavInfo info;
    info.riff_size = le32(b, 4);
    bool have_fmt = false;
    bool have_data = false;
    // The RIFF size is not trusted for the walk (streamed files carry a placeholder there);
    // the buffer is the bound. Invariant: pos <= b.size().
    std::size_t pos = 12;
    while (b.size() - pos >= kChunkHeader) {
        const std::string_view id = b.substr(pos, 4);
        const std::uint32_t size = le32(b, pos + 4);
        const std::size_t body = pos + kChunkHeader;
        const std::size_t available = b.size() - body;
        if (id == "data") {
            if (have_data) return std::nullopt;
            have_data = true;
            info.data_offset = body;
            if (size == 0 || size == kUnknownSize || size > available) {
                // Streamed output: the samples run to the end of the buffer.
                info.data_size = available;
                info.data_size_declared = size == available;
                break;
            }
            info.data_size = size;
        } else {
            if (size > available) return std::nullopt;  // truncated chunk
            if (id == "fmt ") {
                if (have_fmt || size < 16) return std::nullopt;
                read_fmt(b, body, info);
                have_fmt = true;
            }
        }
        const std::size_t step = std::size_t{size} + (size & 1u);  // chunks are word-aligned
        if (step >= available) break;  // last chunk (its pad byte may be missing)
        pos = body + step;
    }
    if (!have_fmt || !have_data || !fmt_is_consistent(info)) return std::nullopt;
    info.duration_ms = static_cast<std::int64_t>(std::uint64_t{info.data_size} * 1000u /
                                                 std::uint64_t{info.byte_rate});
    return info;
}

std::optional<WavInfo> repair_wav_sizes(std::string& bytes) {
    const auto info = read_wav_info(bytes);
    if (!info) return std::nullopt;
    // Everything is checked before the first write so that a refusal leaves `bytes` untouched.
    std::size_t size = bytes.size();
    std::size_t data = info->data_size;
    if (!info->data_size_declared) {
        data -= data % info->block_align;            // a partial trailing frame is no sample
        size = info->data_offset + data + data % 2;  // odd-sized chunks get a pad byte
    }
    constexpr std::size_t kMax32 = std::numeric_limits<std::uint32_t>::max();
    if (data > kMax32 || size - 8 > kMax32) return std::nullopt;
    if (!info->data_size_declared) {
        bytes.resize(size);
        if (data % 2 != 0) bytes[size - 1] = '\0';
        put_le32(bytes, info->data_offset - 4, static_cast<std::uint32_t>(data));
    }
    put_le32(bytes, 4, static_cast<std::uint32_t>(size - 8));
    return read_wav_info(bytes);
}

}  // namespace ll
