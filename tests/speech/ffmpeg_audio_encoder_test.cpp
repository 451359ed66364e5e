// Runs the real ffmpeg (Debian package ffmpeg, scripts/deps.sh) on the real espeak-ng's speech:
// the copies for phones decode to the same speech, are much smaller, and come out the same
// every time.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "adapters/speech/espeak_synthesizer.hpp"
#include "adapters/speech/ffmpeg_audio_encoder.hpp"
#include "adapters/speech/subprocess.hpp"
#include "adapters/speech/wav_info.hpp"
#include "speech_test_support.hpp"

using ll::AudioEncodingError;
using ll::EncodedAudio;
using ll::FfmpegAudioEncoder;
namespace fs = std::filesystem;

namespace {

// Decodes a file with ffmpeg back to a WAV on stdout: what a player would hear.
ll::WavInfo decoded(const std::string& file, const char* format) {
    const std::vector<std::string> argv{"ffmpeg", "-hide_banner", "-loglevel", "error", "-f",
                                        format,   "-i",           "pipe:0",    "-f",    "wav",
                                        "-c:a",   "pcm_s16le",    "pipe:1"};
    ll::SubprocessLimits limits;
    auto run = ll::run_subprocess(argv, file, limits);
    INFO(run.err_head);
    REQUIRE(run.exit_code == 0);
    const auto info = ll::repair_wav_sizes(run.out);
    REQUIRE(info);
    return *info;
}

std::string spoken(const std::string& text, const std::string& language) {
    ll::EspeakSynthesizer espeak;
    return espeak.synthesize(text, language).bytes;
}

}  // namespace

TEST_CASE(
    "ffmpeg encoder: Opus and AAC copies of a sentence decode to its length, Opus at most "
    "an eighth of the WAV",
    "[speech][encoder]") {
    const std::string wav =
        spoken("Die Katze sitzt auf dem Sofa und schaut aus dem Fenster.", "de");
    const auto original = ll::read_wav_info(wav);
    REQUIRE(original);
    FfmpegAudioEncoder encoder;
    const EncodedAudio out = encoder.encode(wav);

    // Ogg pages with the Opus identification header (RFC 7845 5.1).
    CHECK(out.opus.substr(0, 4) == "OggS");
    CHECK(out.opus.find("OpusHead") != std::string::npos);
    // An MP4 file: the ftyp box first, the moov box before the media data (+faststart), so a
    // player can start before the whole file is there.
    CHECK(out.aac.substr(4, 4) == "ftyp");
    const auto moov = out.aac.find("moov");
    const auto mdat = out.aac.find("mdat");
    REQUIRE(moov != std::string::npos);
    REQUIRE(mdat != std::string::npos);
    CHECK(moov < mdat);

    // Both decode to the speech's length (codec padding aside: under 60 ms).
    const auto opus = decoded(out.opus, "ogg");
    const auto aac = decoded(out.aac, "mp4");
    CHECK(std::abs(opus.duration_ms - original->duration_ms) < 60);
    CHECK(std::abs(aac.duration_ms - original->duration_ms) < 60);
    CHECK(opus.channels == 1);
    CHECK(aac.channels == 1);

    // The goal for phones: Opus at most 1/8 of the WAV; AAC smaller than the WAV too.
    CHECK(out.opus.size() * 8 <= wav.size());
    CHECK(out.aac.size() * 4 <= wav.size());
}

TEST_CASE("ffmpeg encoder: the same speech gives the same bytes (content-hash names stay)",
          "[speech][encoder]") {
    const std::string wav = spoken("Hunden springer över det gröna fältet.", "sv");
    FfmpegAudioEncoder encoder;
    const EncodedAudio first = encoder.encode(wav);
    const EncodedAudio second = encoder.encode(wav);
    CHECK(first.opus == second.opus);
    CHECK(first.aac == second.aac);
}

TEST_CASE(
    "ffmpeg encoder: what is not audio, a missing program or a failing one is an "
    "AudioEncodingError, and no temporary file is left",
    "[speech][encoder]") {
    // The encoder's temporary files go to a folder of this test's own (TMPDIR): suites that
    // run beside it (ctest -j) encode audio in the shared /tmp and would change the count.
    ll::test::ScratchDir tmp;
    struct TmpDir {
        std::string old;
        bool had;
        explicit TmpDir(const fs::path& dir) : had(std::getenv("TMPDIR") != nullptr) {
            if (had) old = std::getenv("TMPDIR");
            ::setenv("TMPDIR", dir.c_str(), 1);
        }
        ~TmpDir() { had ? ::setenv("TMPDIR", old.c_str(), 1) : ::unsetenv("TMPDIR"); }
    } private_tmp(tmp / "");
    const auto leftovers = [] {
        int n = 0;
        for (const auto& e : fs::directory_iterator(fs::temp_directory_path()))
            n += e.path().filename().string().rfind("langlearn-audio-", 0) == 0;
        return n;
    };
    const int before = leftovers();
    FfmpegAudioEncoder encoder;
    CHECK_THROWS_AS(encoder.encode("this is not a WAV file at all"), AudioEncodingError);
    CHECK_THROWS_AS(encoder.encode(""), AudioEncodingError);

    FfmpegAudioEncoder missing("/nonexistent/ffmpeg");
    CHECK_THROWS_AS(missing.encode(spoken("Hallo", "de")), AudioEncodingError);

    ll::test::ScratchDir dir;
    ll::test::write_script(dir / "ffmpeg", "#!/bin/sh\necho 'no encoder here' >&2\nexit 3\n");
    FfmpegAudioEncoder failing((dir / "ffmpeg").string());
    try {
        failing.encode(spoken("Hallo", "de"));
        FAIL("a failing encoder gave files");
    } catch (const AudioEncodingError& e) {
        INFO(e.what());
        CHECK(std::string(e.what()).find("failed (exit status 3): no encoder here") !=
              std::string::npos);
    }
    // A program that succeeds without writing the files is a failure too.
    ll::test::write_script(dir / "true", "#!/bin/sh\ncat >/dev/null\nexit 0\n");
    FfmpegAudioEncoder silent((dir / "true").string());
    CHECK_THROWS_AS(silent.encode(spoken("Hallo", "de")), AudioEncodingError);
    CHECK(leftovers() == before);

    CHECK_THROWS_AS(FfmpegAudioEncoder(""), std::invalid_argument);
}
