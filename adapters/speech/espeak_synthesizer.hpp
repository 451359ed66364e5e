#pragma once
// SpeechSynthesizer on espeak-ng (docs/spec/authoring.md "Generators"): the program named by
// TTS_COMMAND is run without a shell, the text goes in on stdin, a WAV comes back on stdout.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/ports/speech.hpp"

namespace ll {

class EspeakSynthesizer final : public SpeechSynthesizer {
  public:
    // Longer texts are refused, so that no request keeps a synthesis running for minutes.
    static constexpr std::size_t kMaxTextBytes = 5000;

    // `command`: a program name looked up on PATH, or a path. Throws std::invalid_argument for
    // an empty command or a timeout that is not positive.
    explicit EspeakSynthesizer(std::string command = "espeak-ng",
                               std::chrono::seconds timeout = std::chrono::seconds(30));

    SynthesizedAudio synthesize(const std::string& text, const std::string& language) override;

    // The espeak-ng voice for a language code ("de" -> "de", "en" -> "en-us", "sv" -> "sv").
    static std::optional<std::string> voice_for(std::string_view language);

  private:
    std::string command_;
    std::chrono::seconds timeout_;
};

}  // namespace ll
