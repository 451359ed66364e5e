#include "adapters/speech/ffmpeg_audio_encoder.hpp"

#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "adapters/speech/subprocess.hpp"

namespace ll {
namespace {

namespace fs = std::filesystem;

// A folder only this process can read, removed with everything in it when the encoding ends.
class TemporaryFolder {
  public:
    TemporaryFolder() {
        std::error_code ec;
        std::string pattern = (fs::temp_directory_path(ec) / "langlearn-audio-XXXXXX").string();
        if (ec) pattern = "/tmp/langlearn-audio-XXXXXX";
        if (::mkdtemp(pattern.data()) == nullptr)
            throw AudioEncodingError("cannot create a temporary folder for the encoder");
        path_ = pattern;
    }
    ~TemporaryFolder() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

std::string read_whole(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return {};
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// One output's options: mono, no metadata, and bit-exact output (no encoder version, no random
// Ogg serial number), so that the same speech always gives the same bytes and the same name.
void add_output(std::vector<std::string>& argv, std::vector<std::string> codec,
                const fs::path& file) {
    for (const char* o :
         {"-map_metadata", "-1", "-ac", "1", "-fflags", "+bitexact", "-flags:a", "+bitexact"})
        argv.emplace_back(o);
    for (auto& o : codec) argv.push_back(std::move(o));
    argv.push_back(file.string());
}

}  // namespace

FfmpegAudioEncoder::FfmpegAudioEncoder(std::string command, std::chrono::seconds timeout)
    : command_(std::move(command)), timeout_(timeout) {
    if (command_.empty()) throw std::invalid_argument("audio encoder command is empty");
    if (timeout_.count() <= 0)
        throw std::invalid_argument("audio encoder timeout must be positive");
}

EncodedAudio FfmpegAudioEncoder::encode(std::string_view wav) {
    if (wav.empty()) throw AudioEncodingError("no audio to encode");
    const TemporaryFolder folder;
    const fs::path opus = folder.path() / "speech.opus";
    const fs::path aac = folder.path() / "speech.m4a";
    // -f wav: the input is read as WAV whatever it holds, never probed as another format.
    std::vector<std::string> argv{command_, "-hide_banner", "-nostats", "-loglevel", "error",
                                  "-f",     "wav",          "-i",       "pipe:0",    "-vn"};
    add_output(argv, {"-c:a", "libopus", "-b:a", kOpusBitrate, "-application", "voip"}, opus);
    add_output(argv, {"-c:a", "aac", "-b:a", kAacBitrate, "-movflags", "+faststart"}, aac);

    SubprocessLimits limits;
    limits.timeout = timeout_;
    limits.max_output = 1u << 16;  // nothing is expected on stdout
    SubprocessResult run;
    try {
        run = run_subprocess(argv, wav, limits);
    } catch (const SubprocessError& e) {
        throw AudioEncodingError(e.what());
    }
    if (run.term_signal != 0) {
        throw AudioEncodingError(
            fmt::format("{} was ended by signal {}", command_, run.term_signal));
    }
    if (run.exit_code != 0) {
        throw AudioEncodingError(fmt::format("{} failed (exit status {}){}", command_,
                                             run.exit_code, stderr_hint(run.err_head)));
    }
    EncodedAudio out{read_whole(opus), read_whole(aac)};
    // An Ogg file starts with a page ("OggS"); an MP4 file with its "ftyp" box after 4 bytes.
    if (out.opus.rfind("OggS", 0) != 0 || out.aac.size() < 8 || out.aac.substr(4, 4) != "ftyp")
        throw AudioEncodingError(fmt::format("{} did not write both files", command_));
    return out;
}

}  // namespace ll
