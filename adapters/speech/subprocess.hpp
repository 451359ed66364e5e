#pragma once
// Runs an external program without a shell: argv array, stdin from a string, stdout and stderr
// collected, a deadline. Used by the espeak-ng synthesizer; kept apart so the process handling
// (pipes, signals, reaping) is in one place.
#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// The program could not be started, ran past its deadline, or wrote more than allowed. The
// child (and anything it started in its process group) has been killed and reaped.
struct SubprocessError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct SubprocessResult {
    int exit_code = -1;    // the exit status, or -1 when a signal ended the program
    int term_signal = 0;   // the signal that ended it, else 0
    std::string out;       // all of stdout
    std::string err_head;  // the first bytes of stderr, for messages
};

struct SubprocessLimits {
    std::chrono::milliseconds timeout{30000};
    std::size_t max_output = 128u << 20;  // stdout bytes
    std::size_t max_err_head = 512;       // stderr bytes kept
};

// argv[0] is looked up on PATH unless it contains a '/'. The child gets only fds 0, 1 and 2,
// the parent's environment, default signal dispositions and its own process group, so that a
// timeout kills whatever it started too. SIGPIPE is blocked in the calling thread meanwhile
// (a program that exits without reading its input must not kill the server). Throws
// SubprocessError; never leaves a zombie.
SubprocessResult run_subprocess(const std::vector<std::string>& argv, std::string_view input,
                                const SubprocessLimits& limits);

// A short, printable quote of untrusted text for an error message ("..." when cut at `max`).
std::string printable_quote(std::string_view s, std::size_t max = 40);

// ": <the first non-blank line of a program's stderr>", printable, at most 200 characters; empty
// when stderr was blank. The suffix of a failure message.
std::string stderr_hint(const std::string& err);

}  // namespace ll
