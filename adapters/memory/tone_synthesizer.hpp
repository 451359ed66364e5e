#pragma once
// A speech synthesizer for core unit tests: a real (silent) PCM WAV whose length grows with the
// text, 60 ms per byte, with the voices espeak-ng uses. Texts containing `fail_marker` fail, so
// tests can make single items of a batch fail.
#include <atomic>
#include <cstdint>

#include "core/ports/speech.hpp"

namespace ll {

class ToneSynthesizer final : public SpeechSynthesizer {
  public:
    std::string fail_marker = "FAIL";
    std::atomic<int> calls{0};

    SynthesizedAudio synthesize(const std::string& text, const std::string& language) override {
        ++calls;
        const char* voice = language == "de"   ? "de"
                            : language == "en" ? "en-us"
                            : language == "sv" ? "sv"
                                               : nullptr;
        if (!voice) throw SpeechError("no voice for language " + language);
        if (text.find_first_not_of(" \t\n") == std::string::npos) throw SpeechError("empty text");
        if (!fail_marker.empty() && text.find(fail_marker) != std::string::npos)
            throw SpeechError("the synthesizer refused the text");
        constexpr std::uint32_t kRate = 8000;  // 8 kHz, 8-bit mono: one byte per sample
        const std::uint32_t samples = static_cast<std::uint32_t>(text.size()) * kRate * 60 / 1000;
        std::string wav = "RIFF";
        auto le = [&wav](std::uint32_t v, int bytes) {
            for (int i = 0; i < bytes; ++i) wav.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
        };
        le(36 + samples, 4);
        wav += "WAVEfmt ";
        le(16, 4);
        le(1, 2);      // PCM
        le(1, 2);      // mono
        le(kRate, 4);  // sample rate
        le(kRate, 4);  // byte rate
        le(1, 2);      // block align
        le(8, 2);      // bits per sample
        wav += "data";
        le(samples, 4);
        wav.append(samples, static_cast<char>(0x80));  // silence
        return SynthesizedAudio{wav, "audio/wav", "wav", voice,
                                static_cast<std::int64_t>(samples) * 1000 / kRate};
    }
};

}  // namespace ll
