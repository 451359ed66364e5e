#include "fake_llm_server.hpp"

#include <functional>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/json.hpp>

namespace ll::test {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

struct Reply {
    unsigned status;
    std::string body;
    bool hang;
};

template <typename Stream>
asio::awaitable<void> serve(Stream& stream, std::function<Reply(RecordedRequest)> record,
                            std::string server_name) {
    beast::flat_buffer buffer;
    http::request<http::string_body> req;
    co_await http::async_read(stream, buffer, req, asio::use_awaitable);
    const auto reply =
        record({std::string(req.method_string()), std::string(req.target()),
                std::string(req[http::field::host]), std::string(req[http::field::authorization]),
                std::string(req[http::field::content_type]), req.body(), std::move(server_name)});
    if (reply.hang) {
        asio::steady_timer forever(co_await asio::this_coro::executor, std::chrono::hours(1));
        co_await forever.async_wait(asio::use_awaitable);
        co_return;
    }
    http::response<http::string_body> res{static_cast<http::status>(reply.status), 11};
    res.set(http::field::content_type, "application/json");
    res.body() = reply.body;
    res.keep_alive(false);
    res.prepare_payload();
    co_await http::async_write(stream, res, asio::use_awaitable);
}

}  // namespace

FakeLlmServer::FakeLlmServer()
    : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
    start();
}

FakeLlmServer::FakeLlmServer(const TlsIdentity& identity)
    : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)),
      tls_(std::make_unique<asio::ssl::context>(asio::ssl::context::tls_server)) {
    tls_->use_certificate_chain(asio::buffer(identity.certificate_pem));
    tls_->use_private_key(asio::buffer(identity.private_key_pem), asio::ssl::context::pem);
    start();
}

void FakeLlmServer::start() {
    port_ = acceptor_.local_endpoint().port();
    auto record = [this](RecordedRequest r) {
        std::lock_guard lock(mutex_);
        requests_.push_back(std::move(r));
        return Reply{status_, body_, hang_};
    };
    asio::co_spawn(
        io_,
        [this, record]() -> asio::awaitable<void> {
            while (true) {
                auto socket = co_await acceptor_.async_accept(asio::use_awaitable);
                asio::co_spawn(
                    io_,
                    [this, record, socket = std::move(socket)]() mutable -> asio::awaitable<void> {
                        try {
                            if (!tls_) {
                                beast::tcp_stream stream(std::move(socket));
                                co_await serve(stream, record, "");
                                co_return;
                            }
                            beast::ssl_stream<beast::tcp_stream> stream(std::move(socket), *tls_);
                            co_await stream.async_handshake(asio::ssl::stream_base::server,
                                                            asio::use_awaitable);
                            const char* sni = SSL_get_servername(stream.native_handle(),
                                                                 TLSEXT_NAMETYPE_host_name);
                            co_await serve(stream, record, sni ? sni : "");
                        } catch (const std::exception&) {
                            // The client gave up (timeout tests) or rejected the certificate.
                        }
                    },
                    asio::detached);
            }
        },
        asio::detached);
    thread_ = std::thread([this] { io_.run(); });
}

FakeLlmServer::~FakeLlmServer() {
    io_.stop();
    thread_.join();
}

std::string FakeLlmServer::base_url() const {
    return (tls_ ? "https://127.0.0.1:" : "http://127.0.0.1:") + std::to_string(port_);
}

void FakeLlmServer::reply(unsigned status, std::string body) {
    std::lock_guard lock(mutex_);
    status_ = status;
    body_ = std::move(body);
    hang_ = false;
}

void FakeLlmServer::reply_content(const std::string& content) {
    boost::json::object message{{"role", "assistant"}, {"content", content}};
    boost::json::object choice{{"index", 0}, {"message", message}, {"finish_reason", "stop"}};
    boost::json::object body{{"id", "chatcmpl-test"},
                             {"object", "chat.completion"},
                             {"choices", boost::json::array{choice}}};
    reply(200, boost::json::serialize(body));
}

void FakeLlmServer::never_answer() {
    std::lock_guard lock(mutex_);
    hang_ = true;
}

std::vector<RecordedRequest> FakeLlmServer::requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

}  // namespace ll::test
