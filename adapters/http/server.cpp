#include "adapters/http/server.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>

#include <spdlog/spdlog.h>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "adapters/http/access_log.hpp"
#include "adapters/http/json_codec.hpp"
#include "adapters/http/low_priority_pool.hpp"
#include "adapters/http/request_target.hpp"

namespace ll::http {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
using tcp = net::ip::tcp;

namespace {

std::string new_request_id() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    static constexpr char hex[] = "0123456789abcdef";
    std::string id(16, '0');
    std::uint64_t v = rng();
    for (auto& c : id) {
        c = hex[v & 15];
        v >>= 4;
    }
    return id;
}

// A client's X-Request-Id is kept when it is short and plain (it ends up in logs).
bool sane_request_id(std::string_view id) {
    if (id.empty() || id.size() > 128) return false;
    for (char c : id) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
              c == ':'))
            return false;
    }
    return true;
}

// The methods some route of either service answers, and OPTIONS (CORS preflight). Anything else
// is refused 501 as soon as the request line is read, and never becomes a metrics label.
bool known_method(bhttp::verb verb) {
    switch (verb) {
        case bhttp::verb::get:
        case bhttp::verb::head:
        case bhttp::verb::post:
        case bhttp::verb::put:
        case bhttp::verb::patch:
        case bhttp::verb::delete_:
        case bhttp::verb::options:
            return true;
        default:
            return false;
    }
}

// The method as a metrics label: a known method, "other", or "-" before a request line was read.
// Never the client's own text, which would make every distinct method a new series.
std::string_view method_label(std::string_view method) {
    for (const std::string_view known :
         {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "-", "other"})
        if (method == known) return known;
    return "other";
}

}  // namespace

class Session;

struct Server::Impl {
    Impl(ServerOptions o, Router r, Metrics& m)
        : options(std::move(o)),
          router(std::move(r)),
          metrics(m),
          workers(static_cast<std::size_t>(std::max(1, options.worker_threads))),
          cpu_heavy(std::max(1, options.cpu_heavy_threads)) {
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
    std::vector<std::thread> threads;
    std::atomic<int> connections{0};
    std::atomic<int> in_flight{0};        // on either pool
    std::atomic<int> queued_requests{0};  // on the worker pool
    std::atomic<int> queued_hashes{0};    // on the hashing pool
    std::atomic<bool> draining{false};
    std::atomic<bool> stopped{false};
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

class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket socket, Server::Impl& server)
        : stream_(std::move(socket)), server_(server) {
        ++server_.connections;
        beast::error_code ec;
        const auto endpoint = stream_.socket().remote_endpoint(ec);
        if (!ec) peer_ = endpoint.address().to_string();
    }
    ~Session() {
        --server_.connections;
        if (server_.draining) {
            std::lock_guard lock(server_.drain_mutex);
            server_.drained.notify_all();
        }
    }

    void run() {
        {
            std::lock_guard lock(server_.sessions_mutex);
            server_.sessions[this] = weak_from_this();
        }
        net::dispatch(stream_.get_executor(),
                      [self = shared_from_this()] { self->wait_for_request(true); });
    }

    // Called on drain: a connection waiting for its next request is closed now; a busy one
    // closes after its response.
    void close_if_idle() {
        net::post(stream_.get_executor(), [self = shared_from_this()] {
            // Cancel the wait, do not close the socket: a read that has already taken a
            // request in still completes (the request is answered, with Connection: close);
            // a read still waiting ends with operation_aborted and the connection closes.
            beast::error_code ignored;
            if (self->idle_) self->stream_.socket().cancel(ignored);
        });
    }

  private:
    void wait_for_request(bool first) {
        if (server_.draining) return finish();
        if (buffer_.size() > 0) return read_request();  // pipelined bytes are already here
        idle_ = true;
        stream_.expires_after(first ? server_.options.read_timeout : server_.options.idle_timeout);
        stream_.async_read_some(buffer_.prepare(4096), [self = shared_from_this()](
                                                           beast::error_code ec, std::size_t n) {
            self->idle_ = false;
            // Drain cancelled this wait: a request that has arrived
            // meanwhile is still read and answered (Connection: close).
            if (ec == net::error::operation_aborted && self->server_.draining) {
                beast::error_code ignored;
                if (self->stream_.socket().available(ignored) > 0) return self->read_request();
            }
            if (ec) return self->finish();
            self->buffer_.commit(n);
            self->read_request();
        });
    }

    void read_request() {
        request_.reset();
        match_ = RouteMatch{};
        parser_.emplace();
        // No body limit while the header is read (Beast would check Content-Length against it
        // at the end of the header): on_header sets the limit of the route the request goes to.
        parser_->body_limit(boost::none);
        parser_->header_limit(static_cast<std::uint32_t>(server_.options.max_header_bytes));
        // The whole request must arrive within the read timeout: slow clients cannot hold a slot.
        stream_.expires_after(server_.options.read_timeout);
        bhttp::async_read_header(stream_, buffer_, *parser_,
                                 [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                     if (ec) return self->on_read(ec);
                                     self->on_header();
                                 });
    }

    // The header is in. Before any body is read: an unknown method is refused; the request is
    // built (target parsed, route matched, headers copied, once); the route's guard runs (token,
    // address limit: 401/403/429 without reading a body); a body announced larger than the
    // route's limit is refused; and a client waiting for `100 Continue` gets it.
    void on_header() {
        const auto& header = parser_->get();
        started_ = std::chrono::steady_clock::now();
        if (!known_method(header.method())) {
            request_ = std::make_shared<Request>();
            request_->method = "other";  // the client's text is never kept
            request_->request_id = new_request_id();
            return reject(errors::not_implemented());
        }
        request_ = std::make_shared<Request>();
        request_->method = std::string(header.method_string());
        split_target(header.target(), *request_);
        for (const auto& field : header) {
            std::string name(field.name_string());
            for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            request_->headers.emplace_back(std::move(name), std::string(field.value()));
        }
        request_->client_address = peer_;
        const auto given_id = request_->header("x-request-id");
        request_->request_id =
            given_id && sane_request_id(*given_id) ? std::string(*given_id) : new_request_id();
        match_ = server_.router.match(*request_);

        const std::size_t route_limit = match_.route ? match_.route->max_body_bytes : 0;
        const std::size_t limit = route_limit ? route_limit : server_.options.max_body_bytes;
        parser_->body_limit(limit);
        if (const auto length = parser_->content_length(); length && *length > limit)
            return reject(errors::payload_too_large());
        // The guard runs now when a body is still to come (nothing of it is read for a refused
        // request) and for hashing routes (the address limit before any hashing is queued). A
        // bodiless request to a worker route is checked by its handler on the worker instead:
        // the same check, but verifying every GET's token on the I/O threads cost /auth/me 10 %
        // of its throughput in make bench (docs/performance.md).
        const bool guard_now =
            match_.route && match_.route->guard &&
            (!parser_->is_done() || match_.route->execution == Execution::cpu_heavy);
        if (guard_now) {
            if (auto refused = match_.route->guard(*request_)) {
                // A body that has already arrived whole (a small one, or pipelined) is skipped
                // and the connection kept, as for a request without a body. One still to come is
                // never read: close after the answer, draining what the client still sends, as
                // after a 413.
                const auto length = parser_->content_length();
                if (parser_->is_done() || (length && buffer_.size() >= *length)) {
                    if (!parser_->is_done()) buffer_.consume(static_cast<std::size_t>(*length));
                    keep_alive_ = header.keep_alive() && !server_.draining;
                } else {
                    keep_alive_ = false;
                    linger_ = true;
                }
                return send(*request_, match_.route->name, std::move(*refused), started_);
            }
        }
        if (!parser_->is_done() && beast::iequals(header[bhttp::field::expect], "100-continue")) {
            auto go_on =
                std::make_shared<bhttp::response<bhttp::empty_body>>(bhttp::status::continue_, 11);
            return bhttp::async_write(
                stream_, *go_on,
                [self = shared_from_this(), go_on](beast::error_code ec, std::size_t) {
                    if (ec) return self->finish();
                    self->read_body();
                });
        }
        read_body();
    }

    void read_body() {
        bhttp::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
        if (ec == bhttp::error::end_of_stream || ec == net::error::eof ||
            ec == beast::error::timeout || ec == net::error::operation_aborted ||
            ec == net::error::connection_reset) {
            return finish();
        }
        if (ec == bhttp::error::body_limit) return reject(errors::payload_too_large());
        if (ec == bhttp::error::header_limit) return reject(errors::header_too_large());
        if (ec) return reject(errors::bad_request());
        handle(parser_->release());
    }

    // A request that cannot be parsed, or is refused before its body was read, gets its answer
    // and the connection is closed (after draining what the client still sends).
    void reject(const Error& error) {
        keep_alive_ = false;
        linger_ = true;
        Request unparsed;
        unparsed.method = "-";
        unparsed.request_id = new_request_id();
        const bool built = request_ != nullptr;  // the header was read: its id, method, route
        send(built ? *request_ : unparsed,
             built && match_.route ? match_.route->name : std::string("-"), error_response(error),
             built ? started_ : std::chrono::steady_clock::now());
    }

    void handle(bhttp::request<bhttp::string_body> raw) {
        const auto started = started_;
        keep_alive_ = raw.keep_alive() && !server_.draining;
        const std::shared_ptr<Request> request = std::move(request_);  // from on_header
        const RouteMatch match = std::move(match_);
        request->body = std::move(raw.body());

        if (auto preflight = cors_preflight(*request))
            return send(*request, "OPTIONS *", std::move(*preflight), started);

        if (!match.route) {
            Response response = error_response(match.allow.empty() ? errors::not_found()
                                                                   : errors::method_not_allowed());
            if (!match.allow.empty()) response.headers.emplace_back("Allow", match.allow);
            return send(*request, match.allow.empty() ? "unmatched" : "method_not_allowed",
                        std::move(response), started);
        }
        const Route* route = match.route;
        if (route->execution == Execution::inline_io) {
            return send(*request, route->name, run_handler(*route, *request), started);
        }
        // Blocking work (database, argon2id) leaves the I/O threads; the answer comes back on
        // this connection's strand. Each pool's queue is bounded: past it, 503 at once.
        const bool hashing = route->execution == Execution::cpu_heavy;
        std::atomic<int>& queued = hashing ? server_.queued_hashes : server_.queued_requests;
        const int bound =
            hashing ? server_.options.max_queued_hashes : server_.options.max_queued_requests;
        if (queued.fetch_add(1) >= bound) {
            --queued;
            server_.metrics.increment("langlearn_http_queue_full_total", "pool",
                                      hashing ? "hashing" : "worker");
            return send(*request, route->name, error_response(errors::busy()), started);
        }
        ++server_.in_flight;
        auto work = [self = shared_from_this(), route, request, started, &queued] {
            Response response = self->run_handler(*route, *request);
            --queued;
            net::post(self->stream_.get_executor(),
                      [self, route, request, started, response = std::move(response)]() mutable {
                          --self->server_.in_flight;
                          self->send(*request, route->name, std::move(response), started);
                      });
        };
        if (hashing) {
            server_.cpu_heavy.post(std::move(work));
        } else {
            net::post(server_.workers, std::move(work));
        }
    }

    Response run_handler(const Route& route, Request& request) {
        try {
            return route.handler(request);
        } catch (const DatabaseUnavailable&) {
            spdlog::warn("request {}: database unavailable", request.request_id);
            return error_response(errors::service_unavailable());
        } catch (const std::exception& e) {
            spdlog::error("request {}: unhandled failure: {}", request.request_id, e.what());
            return error_response(errors::internal());
        } catch (...) {
            spdlog::error("request {}: unhandled failure", request.request_id);
            return error_response(errors::internal());
        }
    }

    std::optional<Response> cors_preflight(const Request& request) {
        if (request.method != "OPTIONS" || server_.options.cors_origins.empty() ||
            !allowed_origin(request))
            return std::nullopt;
        if (!request.header("access-control-request-method")) return std::nullopt;
        Request probe = request;
        probe.method = std::string(*request.header("access-control-request-method"));
        const RouteMatch match = server_.router.match(probe);
        Response r;
        r.status = 204;
        r.content_type.clear();
        r.headers.emplace_back(
            "Access-Control-Allow-Methods",
            match.route ? probe.method : (match.allow.empty() ? "GET" : match.allow));
        r.headers.emplace_back("Access-Control-Allow-Headers",
                               "Authorization, Content-Type, Idempotency-Key, X-Request-Id");
        r.headers.emplace_back("Access-Control-Max-Age", "600");
        return r;
    }

    std::optional<std::string> allowed_origin(const Request& request) const {
        const auto origin = request.header("origin");
        if (!origin) return std::nullopt;
        for (const auto& allowed : server_.options.cors_origins) {
            if (allowed == "*" || allowed == *origin) return std::string(*origin);
        }
        return std::nullopt;
    }

    void send(const Request& request, const std::string& route_name, Response response,
              std::chrono::steady_clock::time_point started) {
        auto res = std::make_shared<bhttp::response<bhttp::string_body>>(
            static_cast<bhttp::status>(response.status), 11);
        if (!response.content_type.empty())
            res->set(bhttp::field::content_type, response.content_type);
        res->set("X-Request-Id", request.request_id);
        for (const auto& [name, value] : response.headers) res->set(name, value);
        if (!server_.options.cors_origins.empty()) {
            if (const auto origin = allowed_origin(request)) {
                res->set(bhttp::field::access_control_allow_origin, *origin);
                res->set(bhttp::field::vary, "Origin");
            }
        }
        res->keep_alive(keep_alive_ && !server_.draining);
        if (request.method == "HEAD") {
            // The headers a GET would get, Content-Length included, and no body.
            res->content_length(response.body.size());
        } else {
            res->body() = std::move(response.body);
            res->prepare_payload();
        }

        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        server_.metrics.observe_request(route_name, std::string(method_label(request.method)),
                                        response.status, seconds);
        if (server_.options.access_log) {
            log_access(request.request_id, request.method, route_name, response.status,
                       seconds * 1000.0, response.user_id);
        }
        stream_.expires_after(server_.options.read_timeout);
        bhttp::async_write(stream_, *res,
                           [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
                               if (!ec && self->linger_) return self->linger();
                               if (ec || !res->keep_alive()) return self->finish();
                               self->wait_for_request(false);
                           });
    }

    // After refusing a request whose body was not read (413, garbage), the client may still be
    // sending: closing now would reset the connection and the client could lose our answer.
    // Stop sending, read and discard what comes (bounded in time and bytes), then close.
    void linger() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.expires_after(std::chrono::seconds(2));
        discard_rest(0);
    }

    void discard_rest(std::size_t discarded) {
        static constexpr std::size_t kMaxDiscard = 64 * 1024 * 1024;
        if (discarded > kMaxDiscard) return finish();
        buffer_.consume(buffer_.size());
        stream_.async_read_some(
            buffer_.prepare(64 * 1024),
            [self = shared_from_this(), discarded](beast::error_code ec, std::size_t n) {
                if (ec) return self->finish();
                self->discard_rest(discarded + n);
            });
    }

    void finish() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        stream_.socket().close(ec);
        std::lock_guard lock(server_.sessions_mutex);
        server_.sessions.erase(this);
    }

    beast::tcp_stream stream_;
    Server::Impl& server_;
    beast::flat_buffer buffer_;
    std::optional<bhttp::request_parser<bhttp::string_body>> parser_;
    std::shared_ptr<Request> request_;               // the request being read: all but its body
    RouteMatch match_;                               // its route, matched when the header came in
    std::chrono::steady_clock::time_point started_;  // when its header came in
    std::string peer_;
    bool keep_alive_ = true;
    bool linger_ = false;  // the request was refused unread: drain before closing
    std::atomic<bool> idle_{false};
};

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
    metrics.add_gauge("langlearn_http_in_flight", "Requests being handled on the worker pool.",
                      [&s] { return double(s.in_flight); });
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
    s.cpu_heavy.join();
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
