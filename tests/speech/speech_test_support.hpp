#pragma once
// Helpers for the speech tests: a scratch directory, executable scripts, and a look at the
// processes this test process has started.
#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ll::test {

// A fresh directory under the system temp dir, removed with everything in it at the end.
class ScratchDir {
  public:
    ScratchDir();
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

// Writes `body` to `path` and makes it executable.
void write_script(const std::filesystem::path& path, const std::string& body);

std::string read_file(const std::filesystem::path& path);

// The state letter of a process ('R', 'S', 'Z', ...), nullopt when it does not exist.
std::optional<char> process_state(pid_t pid);

// The processes whose parent is this process (zombies included).
std::vector<pid_t> own_children();

}  // namespace ll::test
