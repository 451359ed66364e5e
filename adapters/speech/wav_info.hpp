#pragma once
// RIFF/WAVE header reading: format, sizes and duration of a WAV held in memory. Used by the
// espeak-ng synthesizer (to check and repair its output) and by tests (to check stored audio).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ll {

struct WavInfo {
    std::uint16_t format = 0;  // 1 = integer PCM
    std::uint16_t channels = 0;
    std::uint32_t sample_rate = 0;
    std::uint32_t byte_rate = 0;    // bytes per second
    std::uint16_t block_align = 0;  // bytes per sample frame (all channels)
    std::uint16_t bits_per_sample = 0;
    std::uint32_t riff_size = 0;  // as declared in the header; well-formed: bytes.size() - 8
    std::size_t data_offset = 0;  // first sample byte in the buffer
    std::size_t data_size = 0;    // sample bytes actually present
    // False when the data chunk's declared size was 0, 0xFFFFFFFF or larger than the buffer
    // (a WAV streamed to a pipe cannot seek back to write it): the data then runs to the end.
    bool data_size_declared = true;
    std::int64_t duration_ms = 0;  // data_size * 1000 / byte_rate
};

// Parses the RIFF/WAVE header of `bytes`: walks the chunks (bounds-checked, odd sizes padded)
// for `fmt ` and `data`. nullopt when it is not a WAV, a chunk header or the `fmt ` chunk is
// truncated, a chunk is missing, or the format fields are zero or (for PCM) inconsistent.
std::optional<WavInfo> read_wav_info(std::string_view bytes);

// Makes a streamed WAV well-formed in place: when the data size was not declared, drops a
// trailing partial sample frame and writes the real data size; always writes the real RIFF size.
// Returns the info of the repaired file; nullopt (bytes untouched) when it is not a WAV.
std::optional<WavInfo> repair_wav_sizes(std::string& bytes);

}  // namespace ll
