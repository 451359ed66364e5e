#pragma once
// A TTS command for StaffApiOptions::tts_command that refuses any text holding FAIL (exit 1 with
// a message on stderr) and speaks the rest with espeak-ng: audio failures with real speech
// beside them.
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/http/authoring/support/staff_api.hpp"

namespace ll::test {

struct FailingTts {
    std::string path = fresh_media_dir() + "-tts.sh";
    FailingTts() {
        std::ofstream(path) << "#!/bin/sh\n"
                               "text=$(cat)\n"
                               "case \"$text\" in\n"
                               "  *FAIL*) echo \"refusing to speak this\" >&2; exit 1 ;;\n"
                               "esac\n"
                               "printf '%s' \"$text\" | espeak-ng \"$@\"\n";
        std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    }
    ~FailingTts() { std::filesystem::remove(path); }
    FailingTts(const FailingTts&) = delete;
    FailingTts& operator=(const FailingTts&) = delete;
};

}  // namespace ll::test
