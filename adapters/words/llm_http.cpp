#include "adapters/words/llm_http.hpp"

#include <openssl/ssl.h>

#include <fmt/format.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <optional>

#include "core/ports/word_generator.hpp"

namespace ll::words {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

constexpr std::size_t kMaxResponseBytes = 8 * 1024 * 1024;

http::request<http::string_body> make_request(const LlmEndpoint& endpoint, const std::string& body,
                                              const std::vector<HttpHeader>& headers) {
    http::request<http::string_body> req{http::verb::post, endpoint.target, 11};
    req.set(http::field::host, endpoint.host_header);
    req.set(http::field::user_agent, "langlearn");
    req.set(http::field::content_type, "application/json");
    req.set(http::field::accept, "application/json");
    for (const auto& h : headers) req.set(h.name, h.value);
    req.keep_alive(false);
    req.body() = body;
    req.prepare_payload();
    return req;
}

template <typename Stream>
asio::awaitable<HttpReply> exchange(Stream& stream, http::request<http::string_body>& req) {
    co_await http::async_write(stream, req, asio::use_awaitable);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(kMaxResponseBytes);
    co_await http::async_read(stream, buffer, parser, asio::use_awaitable);
    auto res = parser.release();
    co_return HttpReply{res.result_int(), std::move(res.body())};
}

// Everything the coroutine needs is owned by its frame, so abandoning it on timeout (the
// io_context destroys the frame) leaves nothing dangling.
asio::awaitable<HttpReply> run(LlmEndpoint endpoint, http::request<http::string_body> req,
                               std::string extra_ca_file) {
    auto executor = co_await asio::this_coro::executor;
    tcp::resolver resolver(executor);
    const auto addresses = co_await resolver.async_resolve(
        endpoint.host, std::to_string(endpoint.port), asio::use_awaitable);
    if (!endpoint.https) {
        beast::tcp_stream stream(executor);
        co_await stream.async_connect(addresses, asio::use_awaitable);
        co_return co_await exchange(stream, req);
    }
    asio::ssl::context tls(asio::ssl::context::tls_client);
    tls.set_default_verify_paths();
    if (!extra_ca_file.empty()) tls.load_verify_file(extra_ca_file);
    tls.set_verify_mode(asio::ssl::verify_peer);
    beast::ssl_stream<beast::tcp_stream> stream(executor, tls);
    stream.set_verify_callback(asio::ssl::host_name_verification(endpoint.host));
    if (!endpoint.host_is_address &&
        !SSL_set_tlsext_host_name(stream.native_handle(), endpoint.host.c_str()))
        throw GenerationError("cannot set TLS server name");
    co_await beast::get_lowest_layer(stream).async_connect(addresses, asio::use_awaitable);
    co_await stream.async_handshake(asio::ssl::stream_base::client, asio::use_awaitable);
    co_return co_await exchange(stream, req);
}

}  // namespace

HttpReply post_json(const LlmEndpoint& endpoint, const std::string& body,
                    const std::vector<HttpHeader>& headers, std::chrono::milliseconds timeout,
                    const std::string& extra_ca_file) {
    // Without the query: it is the one part of the URL that might carry a secret.
    const auto where =
        fmt::format("{}://{}{}", endpoint.https ? "https" : "http", endpoint.host_header,
                    endpoint.target.substr(0, endpoint.target.find('?')));
    std::optional<HttpReply> reply;
    std::string failure;
    {
        asio::io_context io;
        asio::co_spawn(io, run(endpoint, make_request(endpoint, body, headers), extra_ca_file),
                       [&](std::exception_ptr error, HttpReply result) {
                           if (!error) {
                               reply = std::move(result);
                               return;
                           }
                           try {
                               std::rethrow_exception(error);
                           } catch (const boost::system::system_error& e) {
                               failure = e.code().message();
                               // TLS errors carry the reason in what(), e.g. the verify failure.
                               if (e.code().category() == asio::error::get_ssl_category())
                                   failure = e.what();
                           } catch (const std::exception& e) {
                               failure = e.what();
                           }
                       });
        io.run_for(timeout);
        // Leaving the scope destroys the io_context and with it an unfinished exchange.
    }
    if (reply) return std::move(*reply);
    if (!failure.empty())
        throw GenerationError(fmt::format("LLM request to {} failed: {}", where, failure));
    throw GenerationError(
        fmt::format("LLM request to {} timed out after {} ms", where, timeout.count()));
}

}  // namespace ll::words
