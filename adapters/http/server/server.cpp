#include "adapters/http/server/server.hpp"

#include <spdlog/spdlog.h>

#include "adapters/http/server/server_impl.hpp"
#include "adapters/http/server/session.hpp"

namespace ll::http {

void Server::Impl::accept() {
    acceptor->async_accept(net::make_strand(next_context()),
                           [this](beast::error_code ec, tcp::socket socket) {
                               if (ec == net::error::operation_aborted || !acceptor->is_open())
                                   return;
                               if (ec) return accept_later(ec);
                               if (connections >= options.max_connections || draining) {
                                   // Over the limit: the connection is closed at once instead of
                                   // queueing forever.
                                   metrics.increment("langlearn_http_connections_refused_total");
                                   beast::error_code ignored;
                                   socket.close(ignored);
                               } else {
                                   std::make_shared<Session>(std::move(socket), *this)->run();
                               }
                               accept();
                           });
}

// accept() failed (typically EMFILE: out of file descriptors). Retrying at once would spin the
// I/O thread on the same error; wait a little, and log at most once per burst.
void Server::Impl::accept_later(const beast::error_code& ec) {
    metrics.increment("langlearn_http_accept_errors_total");
    const auto now = std::chrono::steady_clock::now();
    if (now - last_accept_warning > std::chrono::seconds(10)) {
        last_accept_warning = now;
        spdlog::warn("accepting a connection failed ({}); retrying every 50 ms", ec.message());
    }
    auto timer = std::make_shared<net::steady_timer>(acceptor->get_executor(),
                                                     std::chrono::milliseconds(50));
    timer->async_wait([this, timer](beast::error_code e) {
        if (!e && acceptor && acceptor->is_open()) accept();
    });
}

void Server::Impl::close_idle_sessions() {
    std::vector<std::shared_ptr<Session>> alive;
    {
        std::lock_guard lock(sessions_mutex);
        for (auto& [ptr, weak] : sessions) {
            if (auto s = weak.lock()) alive.push_back(std::move(s));
        }
    }
    for (auto& s : alive) s->close_if_idle();
}

Server::Server(ServerOptions options, Router router, Metrics& metrics)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(router), metrics)) {
    Impl& s = *impl_;
    metrics.add_gauge("langlearn_http_connections", "Open client connections.",
                      [&s] { return double(s.connections); });
    metrics.add_gauge("langlearn_http_in_flight",
                      "Requests being handled on any pool (worker, hashing, decoding, media).",
                      [&s] { return double(s.in_flight); });
    // Each pool's admitted requests (waiting or running) against the bound past which the
    // server answers 503 at once (MAX_QUEUED_REQUESTS, MAX_QUEUED_HASHES): the saturation
    // alerts of deploy/prometheus/alerts.yml compare the two.
    const auto add_pool = [&](const char* pool, const std::atomic<int>& queued, int bound) {
        metrics.add_gauge(
            "langlearn_http_queued",
            "Requests admitted to a pool and not finished (waiting or running).",
            [&queued] { return double(queued); }, "pool", pool);
        metrics.add_gauge(
            "langlearn_http_queue_limit", "Admitted requests past which a pool answers 503.",
            [bound] { return double(bound); }, "pool", pool);
        metrics.declare("langlearn_http_queue_full_total", "pool", pool);
    };
    add_pool("worker", s.queued_requests, s.options.max_queued_requests);
    add_pool("hashing", s.queued_hashes, s.options.max_queued_hashes);
    add_pool("decoding", s.queued_decodes, s.options.max_queued_decodes);
    add_pool("media", s.queued_media, s.options.max_queued_media);
    metrics.declare("langlearn_http_connections_refused_total");
    metrics.declare("langlearn_http_accept_errors_total");
    metrics.declare("langlearn_database_unavailable_total");
}

Server::~Server() {
    stop();
}

void Server::start() {
    Impl& s = *impl_;
    const tcp::endpoint endpoint(net::ip::make_address(s.options.host), s.options.port);
    s.acceptor->open(endpoint.protocol());
    s.acceptor->set_option(net::socket_base::reuse_address(true));
    s.acceptor->bind(endpoint);
    s.acceptor->listen(net::socket_base::max_listen_connections);
    s.bound_port = s.acceptor->local_endpoint().port();
    for (auto& ioc : s.iocs) s.work.push_back(net::make_work_guard(*ioc));
    s.accept();
    for (int i = 0; i < std::max(1, s.options.io_threads); ++i) {
        net::io_context& ioc = *s.iocs[static_cast<std::size_t>(i) % s.iocs.size()];
        s.threads.emplace_back([&ioc] { ioc.run(); });
    }
}

std::uint16_t Server::port() const {
    return impl_->bound_port;
}

void Server::stop() {
    Impl& s = *impl_;
    if (s.stopped.exchange(true)) return;
    s.draining = true;
    net::post(s.acceptor->get_executor(), [&s] {
        beast::error_code ec;
        s.acceptor->close(ec);
    });
    // Idle connections close now; a session that is busy checks `draining` before it waits
    // for another request and closes after its response. Each one leaving wakes us.
    s.close_idle_sessions();
    {
        std::unique_lock lock(s.drain_mutex);
        s.drained.wait_for(lock, s.options.shutdown_grace,
                           [&s] { return s.in_flight == 0 && s.connections == 0; });
    }
    s.work.clear();
    for (auto& ioc : s.iocs) ioc->stop();
    for (auto& t : s.threads) {
        if (t.joinable()) t.join();
    }
    s.workers.join();
    s.media.join();
    s.cpu_heavy.join();
    s.decoding.join();
    s.acceptor.reset();
    s.iocs.clear();
}

void Server::run_until_signal() {
    net::io_context signals_ioc;
    net::signal_set signals(signals_ioc, SIGINT, SIGTERM);
    signals.async_wait([](beast::error_code, int signal) {
        spdlog::info("signal {}: shutting down gracefully", signal);
    });
    signals_ioc.run();
    stop();
}

}  // namespace ll::http
