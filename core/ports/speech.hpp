#pragma once
// Text to speech (docs/spec/authoring.md "Generators"): the audio of a statement, question or word
// text. Adapter: espeak-ng (TTS_COMMAND), a voice per language.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace ll {

struct SynthesizedAudio {
    std::string bytes;             // the whole audio file (WAV, or Ogg Opus where available)
    std::string mime;              // "audio/wav" or "audio/ogg"
    std::string extension;         // "wav" or "ogg"
    std::string voice;             // the voice used, e.g. "de", "en-us", "sv"
    std::int64_t duration_ms = 0;  // read from the file itself, > 0
};

// A synthesis that did not produce audio (program missing, failed, empty output). The message
// is for the log and the batch report; it never holds secrets.
struct SpeechError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class SpeechSynthesizer {
  public:
    virtual ~SpeechSynthesizer() = default;
    // `language` is "de", "en" or "sv"; `text` is non-empty UTF-8. Throws SpeechError.
    virtual SynthesizedAudio synthesize(const std::string& text, const std::string& language) = 0;
};

}  // namespace ll
