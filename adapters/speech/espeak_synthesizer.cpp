#include "adapters/speech/espeak_synthesizer.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "adapters/speech/subprocess.hpp"
#include "adapters/speech/wav_info.hpp"

namespace ll {

namespace {

bool is_blank(std::string_view text) {
    return text.find_first_not_of(" \t\n\r\f\v") == std::string_view::npos;
}

// espeak-ng reads "[[...]]" as phoneme input even without -m (SSML stays off: no -m). A zero
// width space between two '[' keeps the brackets literal without changing what is heard.
std::string without_phoneme_brackets(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        out += text[i];
        if (text[i] == '[' && i + 1 < text.size() && text[i + 1] == '[') out += "\u200B";
    }
    return out;
}

}  // namespace

EspeakSynthesizer::EspeakSynthesizer(std::string command, std::chrono::seconds timeout)
    : command_(std::move(command)), timeout_(timeout) {
    if (command_.empty()) throw std::invalid_argument("TTS command is empty");
    if (timeout_.count() <= 0) throw std::invalid_argument("TTS timeout must be positive");
}

std::optional<std::string> EspeakSynthesizer::voice_for(std::string_view language) {
    if (language == "de") return "de";
    if (language == "en") return "en-us";
    if (language == "sv") return "sv";
    return std::nullopt;
}

SynthesizedAudio EspeakSynthesizer::synthesize(const std::string& text,
                                               const std::string& language) {
    const auto voice = voice_for(language);
    if (!voice)
        throw SpeechError(fmt::format("no voice for language '{}'", printable_quote(language)));
    if (is_blank(text)) throw SpeechError("text to speak is empty");
    if (text.size() > kMaxTextBytes) {
        throw SpeechError(fmt::format("text to speak is longer than {} bytes", kMaxTextBytes));
    }
    if (text.find('\0') != std::string::npos) throw SpeechError("text to speak contains a NUL");

    // The text goes in on stdin (--stdin), never as an argument: a leading '-' cannot become an
    // option and nothing passes through a shell. -b 1: the input is UTF-8.
    const std::vector<std::string> argv{command_, "-v", *voice, "-b", "1", "--stdin", "--stdout"};
    SubprocessLimits limits;
    limits.timeout = timeout_;
    SubprocessResult run;
    try {
        run = run_subprocess(argv, without_phoneme_brackets(text), limits);
    } catch (const SubprocessError& e) {
        throw SpeechError(e.what());
    }
    if (run.term_signal != 0) {
        throw SpeechError(fmt::format("{} was ended by signal {}", command_, run.term_signal));
    }
    if (run.exit_code != 0) {
        throw SpeechError(fmt::format("{} failed (exit status {}){}", command_, run.exit_code,
                                      stderr_hint(run.err_head)));
    }
    if (run.out.empty()) throw SpeechError(fmt::format("{} produced no output", command_));

    // Written to a pipe, the header carries placeholder sizes: repaired here so the stored file
    // is a well-formed WAV.
    const auto info = repair_wav_sizes(run.out);
    if (!info) throw SpeechError(fmt::format("{} did not produce a WAV file", command_));
    if (info->format != 1) throw SpeechError(fmt::format("{} produced a non-PCM WAV", command_));
    if (info->duration_ms <= 0) throw SpeechError(fmt::format("{} produced no audio", command_));

    SynthesizedAudio audio;
    audio.bytes = std::move(run.out);
    audio.mime = "audio/wav";
    audio.extension = "wav";
    audio.voice = *voice;
    audio.duration_ms = info->duration_ms;
    return audio;
}

}  // namespace ll
