#include <catch2/catch.hpp>

#include <signal.h>

#include <string>

#include "adapters/speech/subprocess.hpp"
#include "speech_test_support.hpp"

using ll::run_subprocess;
using ll::SubprocessError;
using ll::SubprocessLimits;
using namespace std::chrono_literals;

TEST_CASE("run_subprocess passes input and output through without deadlock", "[subprocess]") {
    // More than a pipe buffer in both directions at once.
    std::string input;
    for (int i = 0; input.size() < (3u << 20); ++i) input += std::to_string(i) + '\n';
    const auto result = run_subprocess({"cat"}, input, SubprocessLimits{});
    CHECK(result.exit_code == 0);
    CHECK(result.term_signal == 0);
    CHECK(result.out == input);
    CHECK(ll::test::own_children().empty());
}

TEST_CASE("run_subprocess reports exit status, signal and stderr", "[subprocess]") {
    const auto failed = run_subprocess({"sh", "-c", "echo oops >&2; exit 7"}, "", {});
    CHECK(failed.exit_code == 7);
    CHECK(failed.err_head == "oops\n");
    const auto killed = run_subprocess({"sh", "-c", "kill -TERM $$"}, "", {});
    CHECK(killed.exit_code == -1);
    CHECK(killed.term_signal == SIGTERM);
    SubprocessLimits limits;
    limits.max_err_head = 10;
    const auto chatty = run_subprocess({"sh", "-c", "yes error | head -c 100000 >&2"}, "", limits);
    CHECK(chatty.exit_code == 0);
    CHECK(chatty.err_head == "error\nerro");
}

TEST_CASE("a program that does not read its input does not kill us with SIGPIPE", "[subprocess]") {
    const std::string input(4u << 20, 'x');
    const auto result = run_subprocess({"true"}, input, {});
    CHECK(result.exit_code == 0);
    // The SIGPIPE our write raised was taken off, and the signal mask is as before.
    sigset_t pending;
    sigpending(&pending);
    CHECK(sigismember(&pending, SIGPIPE) == 0);
    sigset_t mask;
    pthread_sigmask(SIG_SETMASK, nullptr, &mask);
    CHECK(sigismember(&mask, SIGPIPE) == 0);
}

TEST_CASE("run_subprocess refuses too much output and missing programs", "[subprocess]") {
    SubprocessLimits limits;
    limits.max_output = 1000;
    CHECK_THROWS_AS(run_subprocess({"cat"}, std::string(5000, 'x'), limits), SubprocessError);
    CHECK_THROWS_AS(run_subprocess({"/nonexistent/program"}, "", {}), SubprocessError);
    CHECK_THROWS_AS(run_subprocess({}, "", {}), SubprocessError);
    CHECK(ll::test::own_children().empty());
}

TEST_CASE("run_subprocess kills a program that closes its output but keeps running",
          "[subprocess]") {
    SubprocessLimits limits;
    limits.timeout = 500ms;
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_AS(run_subprocess({"sh", "-c", "exec >&- 2>&-; sleep 100"}, "", limits),
                    SubprocessError);
    CHECK(std::chrono::steady_clock::now() - start < 3s);
    CHECK(ll::test::own_children().empty());
}
