#pragma once
// Compressed copies of generated speech for phones (docs/audio.md): Opus in Ogg and AAC-LC in
// MP4, made from the WAV the SpeechSynthesizer produced. Adapter: ffmpeg (FFMPEG_COMMAND).
#include <stdexcept>
#include <string>
#include <string_view>

namespace ll {

struct EncodedAudio {
    static constexpr std::string_view kOpusExtension = "opus";  // Ogg Opus (RFC 7845)
    static constexpr std::string_view kAacExtension = "m4a";    // AAC-LC in an MP4 file
    std::string opus;                                           // the whole files
    std::string aac;
};

// An encoding that did not produce both files (program missing or failed, input not audio).
// The message is for the log and the batch report; it never holds secrets.
struct AudioEncodingError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class AudioEncoder {
  public:
    virtual ~AudioEncoder() = default;
    // `wav`: a whole WAV file. The same input gives the same bytes (media names are content
    // hashes, so a second conversion stores nothing new). Throws AudioEncodingError.
    virtual EncodedAudio encode(std::string_view wav) = 0;
};

}  // namespace ll
