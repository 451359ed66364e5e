#include "speech_test_support.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ll::test {

namespace fs = std::filesystem;

ScratchDir::ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "ll-speech-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

ScratchDir::~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

void write_script(const fs::path& path, const std::string& body) {
    {
        std::ofstream out(path, std::ios::binary);
        out << body;
        if (!out) throw std::runtime_error("cannot write " + path.string());
    }
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::replace);
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

namespace {

// /proc/<pid>/stat is "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
bool read_stat(const fs::path& stat, char& state, pid_t& ppid) {
    const std::string text = read_file(stat);
    const auto close = text.rfind(')');
    if (close == std::string::npos) return false;
    std::istringstream rest(text.substr(close + 1));
    return static_cast<bool>(rest >> state >> ppid);
}

}  // namespace

std::optional<char> process_state(pid_t pid) {
    char state = 0;
    pid_t ppid = 0;
    if (!read_stat(fs::path("/proc") / std::to_string(pid) / "stat", state, ppid)) {
        return std::nullopt;
    }
    return state;
}

std::vector<pid_t> own_children() {
    std::vector<pid_t> children;
    const pid_t self = ::getpid();
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        char state = 0;
        pid_t ppid = 0;
        if (read_stat(entry.path() / "stat", state, ppid) && ppid == self) {
            children.push_back(static_cast<pid_t>(std::stol(name)));
        }
    }
    return children;
}

}  // namespace ll::test
