#include "adapters/speech/subprocess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <system_error>
#include <thread>
#include <utility>

#include <fmt/format.h>

extern char** environ;

namespace ll {

namespace {

using Clock = std::chrono::steady_clock;

std::string os_message(int err) {
    return std::system_category().message(err);
}

class Fd {
  public:
    Fd() = default;
    explicit Fd(int fd) : fd_(fd) {}
    Fd(Fd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    Fd& operator=(Fd&& other) noexcept {
        if (this != &other) {
            reset();
            fd_ = std::exchange(other.fd_, -1);
        }
        return *this;
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() { reset(); }

    int get() const { return fd_; }
    bool is_open() const { return fd_ >= 0; }
    void reset() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

  private:
    int fd_ = -1;
};

// A pipe end on fd 0-2 (possible when the server runs with closed stdio) would be overwritten
// by the child's dup2 onto 0-2 before it is used; keep every end above them.
Fd above_stdio(Fd fd) {
    if (fd.get() > 2) return fd;
    const int moved = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3);
    if (moved < 0)
        throw SubprocessError(fmt::format("cannot create a pipe: {}", os_message(errno)));
    return Fd(moved);
}

struct Pipe {
    Fd read;
    Fd write;
};

// O_CLOEXEC: no other child started concurrently by another thread inherits these ends.
Pipe make_pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        throw SubprocessError(fmt::format("cannot create a pipe: {}", os_message(errno)));
    }
    Pipe p{Fd(fds[0]), Fd(fds[1])};
    p.read = above_stdio(std::move(p.read));
    p.write = above_stdio(std::move(p.write));
    return p;
}

void set_nonblocking(const Fd& fd) {
    const int flags = ::fcntl(fd.get(), F_GETFL);
    if (flags < 0 || ::fcntl(fd.get(), F_SETFL, flags | O_NONBLOCK) < 0) {
        throw SubprocessError(fmt::format("cannot configure a pipe: {}", os_message(errno)));
    }
}

// Writing to a program that exited without reading its input raises SIGPIPE, whose default
// action ends the whole server. Blocked in this thread for the run; a SIGPIPE our writes left
// pending is taken off again before the old mask comes back.
class SigpipeBlock {
  public:
    SigpipeBlock() {
        sigemptyset(&pipe_);
        sigaddset(&pipe_, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
        sigset_t pending;
        sigpending(&pending);
        was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    }
    SigpipeBlock(const SigpipeBlock&) = delete;
    SigpipeBlock& operator=(const SigpipeBlock&) = delete;
    ~SigpipeBlock() {
        sigset_t pending;
        sigpending(&pending);
        if (!was_pending_ && sigismember(&pending, SIGPIPE) == 1) {
            const timespec zero{};
            while (sigtimedwait(&pipe_, nullptr, &zero) < 0 && errno == EINTR) {
            }
        }
        pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }

  private:
    sigset_t pipe_;
    sigset_t old_;
    bool was_pending_ = false;
};

class SpawnActions {
  public:
    SpawnActions() { posix_spawn_file_actions_init(&actions_); }
    SpawnActions(const SpawnActions&) = delete;
    SpawnActions& operator=(const SpawnActions&) = delete;
    ~SpawnActions() { posix_spawn_file_actions_destroy(&actions_); }
    posix_spawn_file_actions_t* get() { return &actions_; }

  private:
    posix_spawn_file_actions_t actions_;
};

class SpawnAttr {
  public:
    SpawnAttr() { posix_spawnattr_init(&attr_); }
    SpawnAttr(const SpawnAttr&) = delete;
    SpawnAttr& operator=(const SpawnAttr&) = delete;
    ~SpawnAttr() { posix_spawnattr_destroy(&attr_); }
    posix_spawnattr_t* get() { return &attr_; }

  private:
    posix_spawnattr_t attr_;
};

// Owns a started child until it is reaped. Destroying an unreaped child kills its process
// group (the program and anything it started) and reaps it: no zombie, no orphaned worker.
class Child {
  public:
    explicit Child(pid_t pid) : pid_(pid) {}
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    ~Child() {
        if (pid_ > 0) finish();
    }

    // Whether the program has ended, without reaping it: while the leader is an unreaped
    // zombie its process group id cannot be reused, so finish() may still signal the group.
    bool has_exited() const {
        siginfo_t info{};
        int r;
        do {
            r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
        } while (r < 0 && errno == EINTR);
        return r < 0 || info.si_pid != 0;  // ECHILD: reaped elsewhere (SIGCHLD ignored)
    }

    // Kills what is left of the process group and reaps the program; its wait status, or -1
    // when it was reaped elsewhere.
    int finish() {
        ::kill(-pid_, SIGKILL);
        int status = 0;
        int r;
        do {
            r = ::waitpid(pid_, &status, 0);
        } while (r < 0 && errno == EINTR);
        pid_ = -1;
        return r < 0 ? -1 : status;
    }

  private:
    pid_t pid_;
};

Child spawn(const std::vector<std::string>& argv, Pipe& in, Pipe& out, Pipe& err) {
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);

    SpawnActions actions;
    posix_spawn_file_actions_adddup2(actions.get(), in.read.get(), 0);
    posix_spawn_file_actions_adddup2(actions.get(), out.write.get(), 1);
    posix_spawn_file_actions_adddup2(actions.get(), err.write.get(), 2);
    // Descriptors opened without O_CLOEXEC elsewhere in the server (sockets, files) stay here.
    posix_spawn_file_actions_addclosefrom_np(actions.get(), 3);

    SpawnAttr attr;
    posix_spawnattr_setflags(
        attr.get(), POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(attr.get(), 0);  // its own group, killed as a whole on timeout
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(attr.get(), &none);  // not our blocked SIGPIPE
    sigset_t all;
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    posix_spawnattr_setsigdefault(attr.get(), &all);  // no dispositions ignored by the server

    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, args[0], actions.get(), attr.get(), args.data(), environ);
    if (rc != 0) throw SubprocessError(fmt::format("cannot start {}: {}", argv[0], os_message(rc)));
    return Child(pid);
}

// Appends what is readable now; false at end of file.
bool drain(const Fd& fd, std::string& sink, std::size_t keep_at_most, bool overflow_is_error,
           const std::string& program) {
    constexpr std::size_t kChunk = 64 * 1024;
    for (;;) {
        const std::size_t old = sink.size();
        sink.resize(old + kChunk);
        const ssize_t n = ::read(fd.get(), sink.data() + old, kChunk);
        sink.resize(old + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
        if (n == 0) return false;
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN) return true;
            throw SubprocessError(
                fmt::format("cannot read from {}: {}", program, os_message(errno)));
        }
        if (sink.size() > keep_at_most) {
            if (overflow_is_error) {
                throw SubprocessError(
                    fmt::format("{} wrote more than {} bytes", program, keep_at_most));
            }
            sink.resize(keep_at_most);
        }
    }
}

[[noreturn]] void throw_timeout(const std::string& program, std::chrono::milliseconds timeout) {
    throw SubprocessError(fmt::format("{} did not finish within {} ms", program, timeout.count()));
}

int poll_timeout_ms(Clock::time_point deadline) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
    return static_cast<int>(std::clamp<std::chrono::milliseconds::rep>(left.count(), 0, INT_MAX));
}

}  // namespace

SubprocessResult run_subprocess(const std::vector<std::string>& argv, std::string_view input,
                                const SubprocessLimits& limits) {
    if (argv.empty() || argv[0].empty()) throw SubprocessError("no program to run");
    const std::string& program = argv[0];
    const auto deadline = Clock::now() + limits.timeout;

    const SigpipeBlock sigpipe_blocked;
    Pipe in = make_pipe();
    Pipe out = make_pipe();
    Pipe err = make_pipe();
    Child child = spawn(argv, in, out, err);
    // Only the child holds these ends now, so its exit gives us end of file.
    in.read.reset();
    out.write.reset();
    err.write.reset();
    set_nonblocking(in.write);
    set_nonblocking(out.read);
    set_nonblocking(err.read);

    // One poll loop for all three pipes: a child that writes before it has read all its input
    // cannot deadlock against us.
    SubprocessResult result;
    std::size_t written = 0;
    if (input.empty()) in.write.reset();
    while (in.write.is_open() || out.read.is_open() || err.read.is_open()) {
        if (Clock::now() >= deadline) throw_timeout(program, limits.timeout);
        pollfd fds[3];
        nfds_t n = 0;
        for (const Fd* fd : {&in.write, &out.read, &err.read}) {
            if (fd->is_open()) {
                fds[n++] =
                    pollfd{fd->get(), static_cast<short>(fd == &in.write ? POLLOUT : POLLIN), 0};
            }
        }
        const int ready = ::poll(fds, n, poll_timeout_ms(deadline));
        if (ready < 0 && errno != EINTR) {
            throw SubprocessError(
                fmt::format("cannot wait for {}: {}", program, os_message(errno)));
        }
        for (nfds_t i = 0; ready > 0 && i < n; ++i) {
            if (fds[i].revents == 0) continue;
            if (fds[i].fd == in.write.get()) {
                const std::size_t chunk = std::min<std::size_t>(input.size() - written, 64 * 1024);
                const ssize_t w = ::write(in.write.get(), input.data() + written, chunk);
                if (w > 0) written += static_cast<std::size_t>(w);
                if (w < 0 && errno == EPIPE) {
                    in.write.reset();  // it stopped reading; its exit status tells the rest
                } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
                    throw SubprocessError(
                        fmt::format("cannot write to {}: {}", program, os_message(errno)));
                } else if (written == input.size()) {
                    in.write.reset();  // end of input
                }
            } else if (fds[i].fd == out.read.get()) {
                if (!drain(out.read, result.out, limits.max_output, true, program))
                    out.read.reset();
            } else if (!drain(err.read, result.err_head, limits.max_err_head, false, program)) {
                err.read.reset();
            }
        }
    }

    // Output closed; the program normally exits right after.
    while (!child.has_exited()) {
        if (Clock::now() >= deadline) throw_timeout(program, limits.timeout);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    const int status = child.finish();
    if (status >= 0 && WIFEXITED(status)) {
        result.exit_code = WEXITSTATUS(status);
    } else if (status >= 0 && WIFSIGNALED(status)) {
        result.term_signal = WTERMSIG(status);
    }
    return result;
}

std::string printable_quote(std::string_view s, std::size_t max) {
    std::string out;
    for (const char c : s.substr(0, max)) {
        const auto u = static_cast<unsigned char>(c);
        out += (u >= 0x20 && u < 0x7F) ? c : '?';
    }
    if (s.size() > max) out += "...";
    return out;
}

std::string stderr_hint(const std::string& err) {
    const auto start = err.find_first_not_of(" \t\r\n");
    if (start == std::string::npos) return {};
    const auto line = std::string_view(err).substr(start, err.find('\n', start) - start);
    return ": " + printable_quote(line, 200);
}

}  // namespace ll
