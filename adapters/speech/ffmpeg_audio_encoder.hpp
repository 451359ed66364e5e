#pragma once
// AudioEncoder on ffmpeg (docs/audio.md): one run of the program named by FFMPEG_COMMAND, without
// a shell, reads the WAV on stdin and writes both copies into a private temporary folder (an MP4
// is finished by seeking back to its start, which a pipe cannot do).
#include <chrono>
#include <string>

#include "core/ports/audio_encoder.hpp"

namespace ll {

class FfmpegAudioEncoder final : public AudioEncoder {
  public:
    // Bit rates chosen in docs/audio.md "Bit rates": mono speech.
    static constexpr const char* kOpusBitrate = "24k";
    static constexpr const char* kAacBitrate = "48k";

    // `command`: a program name looked up on PATH, or a path. Throws std::invalid_argument for an
    // empty command or a timeout that is not positive.
    explicit FfmpegAudioEncoder(std::string command = "ffmpeg",
                                std::chrono::seconds timeout = std::chrono::seconds(60));

    EncodedAudio encode(std::string_view wav) override;

  private:
    std::string command_;
    std::chrono::seconds timeout_;
};

}  // namespace ll
