// Runs the real espeak-ng (Debian package espeak-ng, scripts/deps.sh).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "adapters/speech/espeak_synthesizer.hpp"
#include "adapters/speech/wav_info.hpp"
#include "speech_test_support.hpp"

using ll::EspeakSynthesizer;
using ll::SpeechError;
using ll::SynthesizedAudio;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// Checks what the stored file will be: a complete, self-consistent PCM WAV.
ll::WavInfo require_well_formed_wav(const SynthesizedAudio& audio) {
    REQUIRE(audio.bytes.substr(0, 4) == "RIFF");
    REQUIRE(audio.bytes.substr(8, 4) == "WAVE");
    const auto info = ll::read_wav_info(audio.bytes);
    REQUIRE(info);
    CHECK(info->format == 1);
    CHECK(info->channels >= 1);
    CHECK(info->sample_rate > 0);
    CHECK(info->bits_per_sample == 16);
    CHECK(info->data_size_declared);
    CHECK(info->riff_size == audio.bytes.size() - 8);
    CHECK(info->data_offset + info->data_size == audio.bytes.size());
    CHECK(info->data_size > 0);
    CHECK(audio.duration_ms == info->duration_ms);
    CHECK(audio.duration_ms > 0);
    CHECK(audio.mime == "audio/wav");
    CHECK(audio.extension == "wav");
    return *info;
}

// A wrapper in front of the real espeak-ng that records its arguments and input.
std::string recorder(const ll::test::ScratchDir& dir) {
    const auto script = dir / "record-tts";
    ll::test::write_script(script,
                           "#!/bin/sh\n"
                           "dir='" +
                               dir.path().string() +
                               "'\n"
                               "printf '%s\\n' \"$@\" > \"$dir/args\"\n"
                               "cat > \"$dir/stdin\"\n"
                               "exec espeak-ng \"$@\" < \"$dir/stdin\"\n");
    return script.string();
}

}  // namespace

TEST_CASE("espeak-ng speaks each language with its voice into a well-formed WAV", "[speech]") {
    EspeakSynthesizer tts;
    struct Case {
        const char* language;
        const char* voice;
        const char* text;
    };
    const Case cases[] = {{"de", "de", "Der Hund spielt im Garten."},
                          {"en", "en-us", "The dog plays in the garden."},
                          {"sv", "sv", "Hunden leker i trädgården."}};
    for (const auto& c : cases) {
        INFO(c.language);
        const auto audio = tts.synthesize(c.text, c.language);
        CHECK(audio.voice == c.voice);
        require_well_formed_wav(audio);
        // A short sentence: around two seconds of speech, not silence nor minutes.
        CHECK(audio.duration_ms > 800);
        CHECK(audio.duration_ms < 6000);
    }
}

TEST_CASE("a longer text gives a longer recording", "[speech]") {
    EspeakSynthesizer tts;
    for (const char* language : {"de", "en", "sv"}) {
        INFO(language);
        const auto short_audio = tts.synthesize("Hallo", language);
        const auto long_audio = tts.synthesize(
            "Hallo. Heute scheint die Sonne, und wir gehen zusammen in den Park.", language);
        require_well_formed_wav(short_audio);
        require_well_formed_wav(long_audio);
        CHECK(long_audio.duration_ms > 3 * short_audio.duration_ms);
    }
}

TEST_CASE("the voice mapping covers de, en and sv only", "[speech]") {
    CHECK(EspeakSynthesizer::voice_for("de") == "de");
    CHECK(EspeakSynthesizer::voice_for("en") == "en-us");
    CHECK(EspeakSynthesizer::voice_for("sv") == "sv");
    EspeakSynthesizer tts;
    for (const char* language : {"fr", "", "EN", "en-us", "de; rm -rf /", "sv\n"}) {
        INFO(language);
        CHECK_FALSE(EspeakSynthesizer::voice_for(language));
        CHECK_THROWS_AS(tts.synthesize("Hallo", language), SpeechError);
    }
}

TEST_CASE("empty, blank and overlong texts are refused", "[speech]") {
    EspeakSynthesizer tts;
    CHECK_THROWS_AS(tts.synthesize("", "de"), SpeechError);
    CHECK_THROWS_AS(tts.synthesize(" \t\r\n ", "de"), SpeechError);
    CHECK_THROWS_AS(tts.synthesize(std::string("ab\0cd", 5), "de"), SpeechError);
    CHECK_THROWS_AS(tts.synthesize(std::string(EspeakSynthesizer::kMaxTextBytes + 1, 'a'), "en"),
                    SpeechError);
    std::string longest;
    while (longest.size() + 12 <= EspeakSynthesizer::kMaxTextBytes) longest += "Hallo Welt. ";
    longest.resize(EspeakSynthesizer::kMaxTextBytes, ' ');
    longest.back() = 'x';
    const auto audio = tts.synthesize(longest, "de");
    require_well_formed_wav(audio);
    CHECK(audio.duration_ms > 60000);
}

TEST_CASE("the TTS command may be a path", "[speech]") {
    EspeakSynthesizer tts("/usr/bin/espeak-ng");
    require_well_formed_wav(tts.synthesize("Guten Morgen", "de"));
    CHECK_THROWS_AS(EspeakSynthesizer(""), std::invalid_argument);
    CHECK_THROWS_AS(EspeakSynthesizer("espeak-ng", 0s), std::invalid_argument);
}

TEST_CASE("a missing or failing TTS program is a SpeechError", "[speech]") {
    CHECK_THROWS_AS(EspeakSynthesizer("/nonexistent/tts").synthesize("Hallo", "de"), SpeechError);
    CHECK_THROWS_AS(EspeakSynthesizer("no-such-tts-program").synthesize("Hallo", "de"),
                    SpeechError);
    CHECK_THROWS_AS(EspeakSynthesizer("false").synthesize("Hallo", "de"), SpeechError);
    // Exit status 0 but no WAV on stdout.
    CHECK_THROWS_AS(EspeakSynthesizer("echo").synthesize("Hallo", "de"), SpeechError);
    CHECK_THROWS_AS(EspeakSynthesizer("true").synthesize("Hallo", "de"), SpeechError);
    CHECK_THROWS_WITH(EspeakSynthesizer("false").synthesize("Hallo", "de"),
                      Catch::Contains("exit status 1"));
    CHECK(ll::test::own_children().empty());
}

TEST_CASE("a TTS program that hangs is killed with what it started", "[speech]") {
    ll::test::ScratchDir dir;
    const auto script = dir / "hang";
    ll::test::write_script(script,
                           "#!/bin/sh\n"
                           "sleep 100 &\n"
                           "echo $! > '" +
                               (dir / "sleeper").string() +
                               "'\n"
                               "wait\n");
    EspeakSynthesizer tts(script.string(), 1s);
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_WITH(tts.synthesize("Hallo", "de"), Catch::Contains("did not finish"));
    const auto elapsed = std::chrono::steady_clock::now() - start;
    CHECK(elapsed >= 900ms);
    CHECK(elapsed < 4s);
    CHECK(ll::test::own_children().empty());  // reaped: no zombie left

    // The background sleep was in the program's process group and is gone too (a zombie at
    // most, waiting for init).
    const pid_t sleeper = std::stoi(ll::test::read_file(dir / "sleeper"));
    std::optional<char> state = ll::test::process_state(sleeper);
    for (int i = 0; i < 100 && state && *state != 'Z'; ++i) {
        std::this_thread::sleep_for(10ms);
        state = ll::test::process_state(sleeper);
    }
    CHECK((!state || *state == 'Z'));
}

TEST_CASE("text reaches espeak-ng literally on stdin, never through a shell", "[speech]") {
    ll::test::ScratchDir dir;
    EspeakSynthesizer tts(recorder(dir));
    const std::string expected_args = "-v\nde\n-b\n1\n--stdin\n--stdout\n";
    const std::string marker = (dir / "pwned").string();
    const std::vector<std::string> texts = {
        "-v sv --help",
        "--stdout -w " + marker,
        "$(touch " + marker + ")",
        "`touch " + marker + "`; rm -rf " + marker + " && touch " + marker,
        "'\"; touch " + marker + " | cat > " + marker + " # <speak>x</speak> &amp;",
    };
    for (const auto& text : texts) {
        INFO(text);
        const auto audio = tts.synthesize(text, "de");
        require_well_formed_wav(audio);
        CHECK(ll::test::read_file(dir / "args") == expected_args);
        CHECK(ll::test::read_file(dir / "stdin") == text);
        CHECK_FALSE(fs::exists(marker));
    }
}

TEST_CASE("espeak-ng phoneme brackets in the text are not interpreted", "[speech]") {
    ll::test::ScratchDir dir;
    EspeakSynthesizer tts(recorder(dir));
    require_well_formed_wav(tts.synthesize("say [[h@l'oU]] now [[[", "en"));
    CHECK(ll::test::read_file(dir / "stdin") == "say [\u200B[h@l'oU]] now [\u200B[\u200B[");
}

TEST_CASE("non-ASCII text is spoken", "[speech]") {
    EspeakSynthesizer tts;
    const auto sv = tts.synthesize("Grönsaker på ängen, åäö", "sv");
    const auto de = tts.synthesize("Grüße aus München, Bär und Straße", "de");
    require_well_formed_wav(sv);
    require_well_formed_wav(de);
    CHECK(sv.duration_ms > 1000);
    CHECK(de.duration_ms > 1000);
}

TEST_CASE("the TTS program inherits no unrelated file descriptors", "[speech]") {
    ll::test::ScratchDir dir;
    const int opened = ::open("/dev/null", O_RDONLY);  // deliberately without O_CLOEXEC
    REQUIRE(opened >= 0);
    REQUIRE(::dup2(opened, 57) == 57);
    ::close(opened);
    const auto script = dir / "list-fds";
    ll::test::write_script(script,
                           "#!/bin/sh\n"
                           "ls /proc/$$/fd > '" +
                               (dir / "fds").string() +
                               "'\n"
                               "exec espeak-ng \"$@\"\n");
    const auto audio = EspeakSynthesizer(script.string()).synthesize("Hallo", "de");
    ::close(57);
    require_well_formed_wav(audio);
    std::set<std::string> fds;
    std::istringstream lines(ll::test::read_file(dir / "fds"));
    for (std::string fd; std::getline(lines, fd);) fds.insert(fd);
    CHECK(fds.count("0") == 1);
    CHECK(fds.count("1") == 1);
    CHECK(fds.count("2") == 1);
    CHECK(fds.count("57") == 0);
}

TEST_CASE("syntheses may run in parallel", "[speech]") {
    EspeakSynthesizer tts;
    std::vector<std::future<SynthesizedAudio>> runs;
    for (const char* language : {"de", "en", "sv", "de"}) {
        runs.push_back(std::async(std::launch::async, [&tts, language] {
            return tts.synthesize("Eins zwei drei", language);
        }));
    }
    for (auto& run : runs) require_well_formed_wav(run.get());
    CHECK(ll::test::own_children().empty());
}
