#pragma once
// The HTTP/1.1 server both services compose: Boost.Beast sessions with keep-alive, limits and
// timeouts, one shared io_context run by the I/O threads (a strand per connection) or one per
// thread, blocking
// handlers on a separate worker pool, request ids, CORS, the access log and metrics, graceful
// shutdown. Only the route table differs between learner-api and authoring-api.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/router.hpp"

namespace ll::http {

struct ServerOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 0;  // 0: any free port (tests)
    int io_threads = 1;
    // false: one io_context run by every I/O thread (a strand per connection; the default).
    // true: one io_context per I/O thread, connections dealt round-robin (measured in
    // docs/architecture.md; kept as a switch so the comparison can be repeated).
    bool io_context_per_thread = false;
    int worker_threads = 2;  // sized like the database pool
    // Threads for Execution::cpu_heavy routes, run at a lower scheduling priority (nice 10); also
    // bounds how many argon2id hashes (19 MiB each) are in memory at once.
    int cpu_heavy_threads = 2;
    // Requests waiting for or running on the worker pool, and on the hashing pool: past either
    // bound a request is answered 503 with Retry-After at once (docs/configuration.md "Queues")
    // instead of queueing without end (each queued request holds its body).
    int max_queued_requests = 1024;
    int max_queued_hashes = 64;
    // Threads for Execution::decoding routes (nice 10), and the uploads that may wait for one:
    // one decode at a time bounds the memory of decoding (docs/operations.md "Picture
    // decoding"); past the queue, 503 with Retry-After, as for the other pools.
    int decoding_threads = 1;
    int max_queued_decodes = 8;
    // Threads for Execution::media routes (MEDIA_POOL_SIZE), and the reads that may wait for one.
    int media_threads = 2;
    int max_queued_media = 1024;
    std::size_t max_body_bytes = 1024 * 1024;
    std::size_t max_header_bytes = 8 * 1024;
    std::chrono::seconds read_timeout{10};  // a started request must be complete within it
    std::chrono::seconds idle_timeout{60};  // keep-alive wait for the next request
    int max_connections = 10000;
    std::chrono::seconds shutdown_grace{10};
    std::vector<std::string> cors_origins;  // empty: no CORS headers
    bool access_log = true;
    // Error messages in the language of the request's Accept-Language (the learner API; docs/
    // accounts.md "Languages of messages and labels").
    bool localize_errors = false;
};

class Server {
  public:
    Server(ServerOptions options, Router router, Metrics& metrics);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds and starts the threads; returns at once. Throws when the port cannot be bound.
    void start();
    std::uint16_t port() const;
    // Stops accepting, lets in-flight requests finish (bounded by shutdown_grace), closes idle
    // connections, joins every thread. Idempotent.
    void stop();
    // Blocks until SIGINT or SIGTERM, then stop().
    void run_until_signal();

    struct Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace ll::http
