#pragma once
// The server's shared state (Server's pimpl): its I/O contexts and threads, the two pools, the
// live sessions and the counters the gauges read. Sessions (session.cpp) and the listener
// (server.cpp) both work on it.
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>

#include "adapters/http/server/content_coding.hpp"
#include "adapters/http/server/low_priority_pool.hpp"
#include "adapters/http/server/server.hpp"

namespace ll::http {

namespace net = boost::asio;
namespace beast = boost::beast;
using tcp = net::ip::tcp;

class Session;

struct Server::Impl {
    Impl(ServerOptions o, Router r, Metrics& m)
        : options(std::move(o)),
          router(std::move(r)),
          metrics(m),
          workers(static_cast<std::size_t>(std::max(1, options.worker_threads))),
          cpu_heavy(std::max(1, options.cpu_heavy_threads)),
          decoding(std::max(1, options.decoding_threads)),
          media(static_cast<std::size_t>(std::max(1, options.media_threads))) {
        const int threads = std::max(1, options.io_threads);
        if (options.io_context_per_thread) {
            for (int i = 0; i < threads; ++i) iocs.push_back(std::make_unique<net::io_context>(1));
        } else {
            iocs.push_back(std::make_unique<net::io_context>(threads));
        }
        acceptor = std::make_unique<tcp::acceptor>(net::make_strand(*iocs.front()));
    }

    // The context a new connection lives on: the shared one, or the next one round-robin.
    net::io_context& next_context() { return *iocs[next_ioc++ % iocs.size()]; }

    ServerOptions options;
    Router router;
    Metrics& metrics;
    // Owned by pointer so stop() can destroy them: that destroys the handlers still queued,
    // and with them every socket they hold, so no client waits on a dead server.
    std::vector<std::unique_ptr<net::io_context>> iocs;
    std::size_t next_ioc = 0;  // touched only by the accept handler (one at a time)
    std::unique_ptr<tcp::acceptor> acceptor;
    // Keep the I/O threads running while a request is on the worker pool and no socket
    // operation is pending (otherwise run() would return and the answer could never be sent).
    std::vector<net::executor_work_guard<net::io_context::executor_type>> work;
    net::thread_pool workers;
    LowPriorityPool cpu_heavy;
    LowPriorityPool decoding;
    net::thread_pool media;
    std::vector<std::thread> threads;
    std::atomic<int> connections{0};
    std::atomic<int> in_flight{0};        // on any pool
    std::atomic<int> queued_requests{0};  // on the worker pool
    std::atomic<int> queued_hashes{0};    // on the hashing pool
    std::atomic<int> queued_decodes{0};   // on the decoding pool
    std::atomic<int> queued_media{0};     // on the media pool
    std::atomic<bool> draining{false};
    std::atomic<bool> stopped{false};
    CompressedCache compressed;  // gzip bodies of the I/O threads' answers (content_coding.hpp)
    std::uint16_t bound_port = 0;
    std::mutex sessions_mutex;
    std::unordered_map<Session*, std::weak_ptr<Session>> sessions;
    // stop() sleeps on this until the last connection has gone (each leaving one wakes it).
    std::mutex drain_mutex;
    std::condition_variable drained;

    void accept();
    void accept_later(const beast::error_code& ec);
    void close_idle_sessions();
    std::chrono::steady_clock::time_point last_accept_warning{};  // accept handler only
};

}  // namespace ll::http
