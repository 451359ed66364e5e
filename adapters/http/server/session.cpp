#include "adapters/http/server/session.hpp"

#include <spdlog/spdlog.h>

#include "adapters/http/server/accept_language.hpp"
#include "adapters/http/server/access_log.hpp"
#include "adapters/http/server/content_coding.hpp"
#include "adapters/http/server/cors.hpp"
#include "adapters/http/server/json_response.hpp"
#include "adapters/http/server/methods.hpp"
#include "adapters/http/server/request_id.hpp"
#include "adapters/http/server/request_target.hpp"

namespace ll::http {

Session::Session(tcp::socket socket, Server::Impl& server)
    : stream_(std::move(socket)), server_(server) {
    ++server_.connections;
    beast::error_code ec;
    const auto endpoint = stream_.socket().remote_endpoint(ec);
    if (!ec) peer_ = endpoint.address().to_string();
}

Session::~Session() {
    --server_.connections;
    if (server_.draining) {
        std::lock_guard lock(server_.drain_mutex);
        server_.drained.notify_all();
    }
}

void Session::run() {
    {
        std::lock_guard lock(server_.sessions_mutex);
        server_.sessions[this] = weak_from_this();
    }
    net::dispatch(stream_.get_executor(),
                  [self = shared_from_this()] { self->wait_for_request(true); });
}

void Session::close_if_idle() {
    net::post(stream_.get_executor(), [self = shared_from_this()] {
        // Cancel the wait, do not close the socket: a read that has already taken a
        // request in still completes (the request is answered, with Connection: close);
        // a read still waiting ends with operation_aborted and the connection closes.
        beast::error_code ignored;
        if (self->idle_) self->stream_.socket().cancel(ignored);
    });
}

void Session::wait_for_request(bool first) {
    if (server_.draining) return finish();
    if (buffer_.size() > 0) return read_request();  // pipelined bytes are already here
    idle_ = true;
    stream_.expires_after(first ? server_.options.read_timeout : server_.options.idle_timeout);
    stream_.async_read_some(buffer_.prepare(4096),
                            [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                                self->idle_ = false;
                                // Drain cancelled this wait: a request that has arrived
                                // meanwhile is still read and answered (Connection: close).
                                if (ec == net::error::operation_aborted && self->server_.draining) {
                                    beast::error_code ignored;
                                    if (self->stream_.socket().available(ignored) > 0)
                                        return self->read_request();
                                }
                                if (ec) return self->finish();
                                self->buffer_.commit(n);
                                self->read_request();
                            });
}

void Session::read_request() {
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

void Session::on_header() {
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
    const bool guard_now = match_.route && match_.route->guard &&
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
            stream_, *go_on, [self = shared_from_this(), go_on](beast::error_code ec, std::size_t) {
                if (ec) return self->finish();
                self->read_body();
            });
    }
    read_body();
}

void Session::read_body() {
    bhttp::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void Session::on_read(beast::error_code ec) {
    if (ec == bhttp::error::end_of_stream || ec == net::error::eof || ec == beast::error::timeout ||
        ec == net::error::operation_aborted || ec == net::error::connection_reset) {
        return finish();
    }
    if (ec == bhttp::error::body_limit) return reject(errors::payload_too_large());
    if (ec == bhttp::error::header_limit) return reject(errors::header_too_large());
    if (ec) return reject(errors::bad_request());
    handle(parser_->release());
}

void Session::reject(const Error& error) {
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

void Session::handle(bhttp::request<bhttp::string_body> raw) {
    const auto started = started_;
    keep_alive_ = raw.keep_alive() && !server_.draining;
    const std::shared_ptr<Request> request = std::move(request_);  // from on_header
    const RouteMatch match = std::move(match_);
    request->body = std::move(raw.body());

    if (auto preflight = cors_preflight(*request, server_.options.cors_origins, server_.router))
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
    // Blocking work (database, argon2id, decoding) leaves the I/O threads; the answer comes
    // back on this connection's strand. Each pool's queue is bounded: past it, 503 at once.
    const Pool pool = pool_of(route->execution);
    if (pool.queued.fetch_add(1) >= pool.bound) {
        --pool.queued;
        server_.metrics.increment("langlearn_http_queue_full_total", "pool", pool.name);
        return send(*request, route->name, error_response(errors::busy()), started);
    }
    std::atomic<int>& queued = pool.queued;
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
    if (pool.low_priority) {
        pool.low_priority->post(std::move(work));
    } else {
        net::post(*pool.threads, std::move(work));
    }
}

Session::Pool Session::pool_of(Execution execution) {
    switch (execution) {
        case Execution::cpu_heavy:
            return {server_.queued_hashes, server_.options.max_queued_hashes, "hashing",
                    &server_.cpu_heavy, nullptr};
        case Execution::decoding:
            return {server_.queued_decodes, server_.options.max_queued_decodes, "decoding",
                    &server_.decoding, nullptr};
        case Execution::media:
            return {server_.queued_media, server_.options.max_queued_media, "media", nullptr,
                    &server_.media};
        default:
            return {server_.queued_requests, server_.options.max_queued_requests, "worker", nullptr,
                    &server_.workers};
    }
}

Response Session::run_handler(const Route& route, Request& request) {
    try {
        // Compressed here, on the thread that made the answer (a worker for the database
        // routes); the answers made on the I/O threads are the same for everyone, so each is
        // compressed once (CompressedCache).
        Response response = route.handler(request);
        encode_for(request, response,
                   route.execution == Execution::inline_io ? &server_.compressed : nullptr);
        return response;
    } catch (const DatabaseUnavailable&) {
        spdlog::warn("request {}: database unavailable", request.request_id);
        server_.metrics.increment("langlearn_database_unavailable_total");
        return error_response(errors::service_unavailable());
    } catch (const std::exception& e) {
        spdlog::error("request {}: unhandled failure: {}", request.request_id, e.what());
        return error_response(errors::internal());
    } catch (...) {
        spdlog::error("request {}: unhandled failure", request.request_id);
        return error_response(errors::internal());
    }
}

void Session::send(const Request& request, const std::string& route_name, Response response,
                   std::chrono::steady_clock::time_point started) {
    if (server_.options.localize_errors) localize_error(request, response);
    auto res = std::make_shared<bhttp::response<bhttp::string_body>>(
        static_cast<bhttp::status>(response.status), 11);
    // A 304 carries no representation metadata (RFC 9110 15.4.5): its type stays in `response`
    // only for encode_for.
    if (!response.content_type.empty() && response.status != 304)
        res->set(bhttp::field::content_type, response.content_type);
    res->set("X-Request-Id", request.request_id);
    for (const auto& [name, value] : response.headers) {
        // Nor does a 304 carry the language of the representation it stands for.
        if (response.status == 304 && beast::iequals(name, "Content-Language")) continue;
        res->set(name, value);
    }
    if (!server_.options.cors_origins.empty()) {
        if (const auto origin = allowed_origin(request, server_.options.cors_origins)) {
            res->set(bhttp::field::access_control_allow_origin, *origin);
            const auto vary = res->find(bhttp::field::vary);  // Accept-Encoding (encode_for)
            res->set(bhttp::field::vary, vary == res->end()
                                             ? std::string("Origin")
                                             : std::string(vary->value()) + ", Origin");
            // Scripts on another origin may read these: the ETag (the studio's If-Match, an
            // app's If-None-Match), Retry-After (when to try again after 429 or 503) and the
            // request id (to quote in a bug report), Content-Disposition (the file name of
            // GET /auth/me/export).
            res->set(bhttp::field::access_control_expose_headers,
                     "Content-Disposition, ETag, Retry-After, X-Request-Id");
        }
    }
    res->keep_alive(keep_alive_ && !server_.draining);
    if (request.method == "HEAD") {
        // The headers a GET would get, Content-Length included, and no body.
        res->content_length(response.head_length.value_or(response.body.size()));
    } else {
        res->body() = std::move(response.body);
        res->prepare_payload();
    }

    if (response.log_detail)
        spdlog::warn("request {}: {}", request.request_id, *response.log_detail);
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

void Session::linger() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(std::chrono::seconds(2));
    discard_rest(0);
}

void Session::discard_rest(std::size_t discarded) {
    static constexpr std::size_t kMaxDiscard = 64 * 1024 * 1024;
    if (discarded > kMaxDiscard) return finish();
    buffer_.consume(buffer_.size());
    stream_.async_read_some(buffer_.prepare(64 * 1024), [self = shared_from_this(), discarded](
                                                            beast::error_code ec, std::size_t n) {
        if (ec) return self->finish();
        self->discard_rest(discarded + n);
    });
}

void Session::finish() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.socket().close(ec);
    std::lock_guard lock(server_.sessions_mutex);
    server_.sessions.erase(this);
}

}  // namespace ll::http
