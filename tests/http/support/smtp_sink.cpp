#include "tests/http/support/smtp_sink.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace ll::test {
namespace fs = std::filesystem;

namespace {
// Beside this file (the build passes absolute source paths).
const std::string kScript = (fs::path(__FILE__).parent_path() / "smtp_sink.py").string();
}  // namespace

SmtpSink::SmtpSink() {
    static std::atomic<int> counter = 0;
    folder_ = (fs::temp_directory_path() /
               ("langlearn-smtp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++)))
                  .string();
    fs::create_directories(folder_);
    int to_child[2], from_child[2];
    if (::pipe(to_child) != 0 || ::pipe(from_child) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork");
    if (pid_ == 0) {
        ::dup2(to_child[0], 0);
        ::dup2(from_child[1], 1);
        ::close(to_child[1]);
        ::close(from_child[0]);
        ::execl("/usr/bin/python3", "python3", kScript.c_str(), folder_.c_str(), nullptr);
        ::_exit(127);
    }
    ::close(to_child[0]);
    ::close(from_child[1]);
    stdin_ = to_child[1];
    std::string line;
    char c = 0;
    while (::read(from_child[0], &c, 1) == 1 && c != '\n') line += c;
    ::close(from_child[0]);
    port_ = line.empty() ? 0 : std::stoi(line);
    if (port_ <= 0) throw std::runtime_error("smtp_sink.py did not start (python3-aiosmtpd?)");
}

SmtpSink::~SmtpSink() {
    ::close(stdin_);  // the sink stops on EOF
    int status = 0;
    for (int i = 0; i < 50 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (::waitpid(pid_, &status, WNOHANG) == 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
    }
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
}

std::vector<std::string> SmtpSink::messages() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder_))
        if (entry.path().extension() == ".eml") names.push_back(entry.path().string());
    std::sort(names.begin(), names.end());
    std::vector<std::string> out;
    for (const auto& name : names) {
        std::ifstream in(name, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        out.push_back(text.str());
    }
    return out;
}

std::vector<std::string> SmtpSink::wait_for(std::size_t count, std::chrono::milliseconds timeout) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    auto found = messages();
    while (found.size() < count && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        found = messages();
    }
    return found;
}

}  // namespace ll::test
