// Raw bytes through the real HTTP server (adapters/http/server/server.hpp): Beast's parser, the
// server's limits, split_target, CORS, the router and the learner routes over the in-memory
// adapters (fuzz/support/learner_world.hpp). The server runs in this process on 127.0.0.1:0;
// each input is one connection: connect, write the bytes, shutdown(SHUT_WR), read until the
// server closes. Pipelined requests are just more bytes.
//
// "{{token}}" in the input becomes a valid learner token (the dictionary and the seeds use it),
// so the fuzzer gets past the 401 of the routes behind the token. "{{method:N}}" becomes N
// letters (up to 65,536) and "{{pad:N}}" an `X-Pad` header line of N bytes: methods and headers
// of sizes a mutation of short inputs would rarely reach (junk methods once grew /metrics by a
// label set each; headers around MAX_HEADER_BYTES).
// Checks: sanitizers (the server's threads too); nothing logged at error level (an exception
// escaped a handler); no 500 answer; every answer starts like an HTTP/1.1 response; the server
// closes the connection once the client has finished (within 5 s; its own read timeout is 1 s);
// /metrics stays under 256 KiB whatever methods and paths came in (bounded labels).
// LL_FUZZ_VERBOSE set: every answer is printed.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "adapters/http/server/server.hpp"
#include "fuzz/support/check.hpp"
#include "fuzz/support/learner_world.hpp"

using namespace ll;
using namespace ll::fuzz;

namespace {

struct Running {
    LearnerWorld world{http::RateLimits{1'000'000'000, 1'000'000'000, {"127.0.0.1"}}};
    std::unique_ptr<http::Server> server;
    std::string token;
};

// Never destroyed: libFuzzer leaves by exit(), and stopping the server there would race the
// static destructors of the libraries it uses.
Running* running = nullptr;

http::ServerOptions options() {
    http::ServerOptions o;
    o.host = "127.0.0.1";
    o.port = 0;
    o.io_threads = 1;
    o.worker_threads = 1;
    o.cpu_heavy_threads = 1;
    o.read_timeout = std::chrono::seconds(1);
    o.idle_timeout = std::chrono::seconds(1);
    o.shutdown_grace = std::chrono::seconds(1);
    o.cors_origins = {"https://app.example"};
    o.access_log = false;
    return o;
}

std::string with_token(std::string input) {
    static constexpr std::string_view kPlaceholder = "{{token}}";
    for (auto at = input.find(kPlaceholder); at != std::string::npos;
         at = input.find(kPlaceholder, at + running->token.size())) {
        input.replace(at, kPlaceholder.size(), running->token);
    }
    return input;
}

// Replaces each "{{<name>:N}}" by make(N); N is clamped to 65,536.
template <typename Make>
std::string expand(std::string input, std::string_view name, Make make) {
    const std::string open = "{{" + std::string(name) + ":";
    for (auto at = input.find(open); at != std::string::npos; at = input.find(open, at)) {
        const auto close = input.find("}}", at);
        if (close == std::string::npos) break;
        std::size_t n = 0;
        for (std::size_t i = at + open.size(); i < close && n <= 65536; ++i) {
            if (input[i] < '0' || input[i] > '9') break;
            n = n * 10 + static_cast<std::size_t>(input[i] - '0');
        }
        const std::string replacement = make(std::min<std::size_t>(n, 65536));
        input.replace(at, close + 2 - at, replacement);
        at += replacement.size();
    }
    return input;
}

std::string with_sizes(std::string input) {
    input = expand(std::move(input), "method", [](std::size_t n) {
        std::string method(n, 'A');
        for (std::size_t i = 0; i < n; ++i) method[i] = static_cast<char>('A' + (i * 7 + n) % 26);
        return method;
    });
    return expand(std::move(input), "pad",
                  [](std::size_t n) { return "X-Pad: " + std::string(n, 'p') + "\r\n"; });
}

int connect_to_server() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) fail("socket()", std::strerror(errno));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(running->server->port());
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        // libFuzzer's timer signal may interrupt the call; the connection goes on by itself.
        if (errno != EINTR) fail("connect() to the fuzzed server", std::strerror(errno));
        pollfd writable{fd, POLLOUT, 0};
        while (::poll(&writable, 1, 5000) < 0 && errno == EINTR) {
        }
        int error = 0;
        socklen_t length = sizeof error;
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
        if (error != 0) fail("connect() to the fuzzed server", std::strerror(error));
    }
    const timeval five_seconds{5, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &five_seconds, sizeof five_seconds);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &five_seconds, sizeof five_seconds);
    // Closed with a reset once the answer is read: no TIME_WAIT per input, so a long run does
    // not run out of loopback ports.
    const linger reset{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
    return fd;
}

// Writes what the server takes: it may close early (a refused request), which ends the write.
void write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

std::string read_until_closed(int fd) {
    std::string reply;
    char buffer[16 * 1024];
    for (;;) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n > 0) {
            reply.append(buffer, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            fail("the server kept the connection open after the client finished sending");
        return reply;  // closed (0) or reset: both end the exchange
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    fail_on_logged_errors();
    running = new Running;
    running->token = running->world.authorization.substr(std::strlen("Bearer "));
    running->server = std::make_unique<http::Server>(options(), std::move(running->world.router),
                                                     running->world.metrics);
    running->server->start();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input =
        with_sizes(with_token(std::string(reinterpret_cast<const char*>(data), size)));
    const int fd = connect_to_server();
    write_all(fd, input);
    ::shutdown(fd, SHUT_WR);
    const std::string reply = read_until_closed(fd);
    ::close(fd);
    if (verbose())
        std::fprintf(stderr, "--- %zu bytes in, answer:\n%s\n", input.size(), reply.c_str());
    if (!reply.empty() && reply.rfind("HTTP/1.1 ", 0) != 0)
        fail("the answer is not an HTTP/1.1 response", reply.substr(0, 200));
    if (reply.find("HTTP/1.1 500 ") != std::string::npos) fail("500 answer", reply.substr(0, 2000));
    static int inputs = 0;
    if (++inputs % 64 == 0) {
        const std::size_t metrics = running->world.metrics.render().size();
        if (metrics > 256 * 1024)
            fail("/metrics grew past 256 KiB (a label taken from the request?)",
                 std::to_string(metrics) + " bytes");
    }
    return 0;
}
