#pragma once
// One client connection: reads requests with Boost.Beast (limits, timeouts, keep-alive,
// pipelining), refuses what it can before a body is read, runs the route's handler on the I/O
// thread or a pool, and writes the answer with the request id, CORS headers, metrics and the
// access log.
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "adapters/http/server/server_impl.hpp"

namespace ll::http {

namespace bhttp = beast::http;

class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket socket, Server::Impl& server);
    ~Session();
    void run();

    // Called on drain: a connection waiting for its next request is closed now; a busy one
    // closes after its response.
    void close_if_idle();

  private:
    void wait_for_request(bool first);
    void read_request();

    // The header is in. Before any body is read: an unknown method is refused; the request is
    // built (target parsed, route matched, headers copied, once); the route's guard runs (token,
    // address limit: 401/403/429 without reading a body); a body announced larger than the
    // route's limit is refused; and a client waiting for `100 Continue` gets it.
    void on_header();
    void read_body();
    void on_read(beast::error_code ec);

    // A request that cannot be parsed, or is refused before its body was read, gets its answer
    // and the connection is closed (after draining what the client still sends).
    void reject(const Error& error);
    void handle(bhttp::request<bhttp::string_body> raw);
    Response run_handler(const Route& route, Request& request);
    // The pool a route's execution runs on: its queue count and bound, its metric label, and
    // its threads (a low-priority pool, or one at normal priority).
    struct Pool {
        std::atomic<int>& queued;
        int bound;
        const char* name;
        LowPriorityPool* low_priority;
        net::thread_pool* threads;
    };
    Pool pool_of(Execution execution);
    void send(const Request& request, const std::string& route_name, Response response,
              std::chrono::steady_clock::time_point started);

    // After refusing a request whose body was not read (413, garbage), the client may still be
    // sending: closing now would reset the connection and the client could lose our answer.
    // Stop sending, read and discard what comes (bounded in time and bytes), then close.
    void linger();
    void discard_rest(std::size_t discarded);
    void finish();

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

}  // namespace ll::http
