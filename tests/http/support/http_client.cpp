#include "tests/http/support/http_client.hpp"

#include <cstdlib>
#include <fstream>
#include <mutex>

#include <zlib.h>

#include <stdexcept>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace ll::test {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace json = boost::json;
using tcp = net::ip::tcp;

std::string gunzip(const std::string& compressed) {
    z_stream stream{};
    if (inflateInit2(&stream, 15 + 16) != Z_OK) throw std::runtime_error("inflateInit2");
    std::string out;
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data()));
    stream.avail_in = static_cast<uInt>(compressed.size());
    int rc = Z_OK;
    char chunk[16384];
    while (rc == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef*>(chunk);
        stream.avail_out = sizeof chunk;
        rc = inflate(&stream, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - stream.avail_out);
    }
    const bool whole = rc == Z_STREAM_END && stream.avail_in == 0;
    inflateEnd(&stream);
    if (!whole) throw std::runtime_error("not one whole gzip stream");
    return out;
}

namespace {

void record(RecordTo to, const std::string& method, const std::string& target, const Reply& reply) {
    if (to == RecordTo::none) return;
    const char* file = std::getenv(to == RecordTo::learner ? "LL_RECORD_RESPONSES"
                                                           : "LL_RECORD_AUTHORING_RESPONSES");
    if (!file || !*file) return;
    static std::mutex mutex;
    const std::string route = target.substr(0, target.find('?'));
    // The headers too: the validator checks those the documents describe (ETag, Cache-Control,
    // WWW-Authenticate, Retry-After, Location, ...) against their schemas.
    json::object headers;
    for (const auto& [name, value] : reply.headers) headers[name] = value;
    json::object line{{"method", method},
                      {"route", route},
                      {"status", reply.status},
                      {"content_type", reply.header("content-type")},
                      {"headers", std::move(headers)},
                      {"body", reply.json}};
    std::lock_guard lock(mutex);
    std::ofstream(file, std::ios::app) << json::serialize(line) << "\n";
}

}  // namespace

std::string Reply::error() const {
    if (!json.is_object()) return "";
    const auto* e = json.as_object().if_contains("error");
    return e && e->is_string() ? std::string(e->as_string()) : "";
}

struct HttpClient::Connection {
    net::io_context ioc;
    beast::tcp_stream stream{ioc};
    beast::flat_buffer buffer;
    bool open = false;
};

HttpClient::HttpClient(std::uint16_t port, RecordTo record)
    : port_(port), record_(record), connection_(std::make_unique<Connection>()) {}
HttpClient::~HttpClient() = default;

Reply HttpClient::call(const std::string& method, const std::string& target,
                       const std::string& body, const std::map<std::string, std::string>& headers) {
    for (int attempt = 0; attempt < 2; ++attempt) {
        Connection& c = *connection_;
        try {
            if (!c.open) {
                c.stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
                c.open = true;
            }
            http::request<http::string_body> req{http::string_to_verb(method), target, 11};
            if (req.method() == http::verb::unknown) req.method_string(method);
            req.set(http::field::host, "127.0.0.1");
            if (!body.empty()) req.set(http::field::content_type, "application/json");
            for (const auto& [name, value] : headers) req.set(name, value);
            req.body() = body;
            req.prepare_payload();
            http::write(c.stream, req);
            http::response_parser<http::string_body> parser;
            parser.body_limit(64 * 1024 * 1024);
            // A HEAD answer has the headers of a GET, Content-Length included, and no body.
            parser.skip(req.method() == http::verb::head);
            http::read(c.stream, c.buffer, parser);
            auto res = parser.release();
            Reply reply;
            reply.status = static_cast<int>(res.result_int());
            reply.body = res.body();
            for (const auto& field : res) {
                std::string name(field.name_string());
                for (auto& ch : name)
                    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                reply.headers[name] = std::string(field.value());
            }
            reply.content = reply.header("content-encoding") == "gzip" && !reply.body.empty()
                                ? gunzip(reply.body)
                                : reply.body;  // a HEAD answer has the header and no body
            json::error_code ec;
            reply.json = json::parse(reply.content, ec);
            if (ec) reply.json = nullptr;
            if (!res.keep_alive()) {
                beast::error_code ignored;
                c.stream.socket().close(ignored);
                c.open = false;
            }
            // HEAD answers are GET's headers without a body: the OpenAPI check covers the GET.
            if (method != "HEAD") record(record_, method, target, reply);
            return reply;
        } catch (const beast::system_error&) {
            // The server closed an idle keep-alive connection: reconnect once.
            connection_ = std::make_unique<Connection>();
            if (attempt == 1) throw;
        }
    }
    return {};
}

Reply HttpClient::get(const std::string& target, const std::string& token) {
    return call("GET", target, {},
                token.empty()
                    ? std::map<std::string, std::string>{}
                    : std::map<std::string, std::string>{{"Authorization", "Bearer " + token}});
}
Reply HttpClient::post(const std::string& target, const std::string& body,
                       const std::string& token) {
    return call("POST", target, body,
                token.empty()
                    ? std::map<std::string, std::string>{}
                    : std::map<std::string, std::string>{{"Authorization", "Bearer " + token}});
}
Reply HttpClient::put(const std::string& target, const std::string& body,
                      const std::string& token) {
    return call("PUT", target, body,
                token.empty()
                    ? std::map<std::string, std::string>{}
                    : std::map<std::string, std::string>{{"Authorization", "Bearer " + token}});
}

Reply HttpClient::patch(const std::string& target, const std::string& body,
                        const std::string& token) {
    return call("PATCH", target, body,
                token.empty()
                    ? std::map<std::string, std::string>{}
                    : std::map<std::string, std::string>{{"Authorization", "Bearer " + token}});
}
Reply HttpClient::del(const std::string& target, const std::string& token) {
    return call("DELETE", target, {},
                token.empty()
                    ? std::map<std::string, std::string>{}
                    : std::map<std::string, std::string>{{"Authorization", "Bearer " + token}});
}

std::string HttpClient::raw(const std::string& bytes) {
    net::io_context ioc;
    tcp::socket socket(ioc);
    socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
    net::write(socket, net::buffer(bytes));
    std::string out;
    beast::error_code ec;
    char chunk[4096];
    for (;;) {
        const std::size_t n = socket.read_some(net::buffer(chunk), ec);
        if (ec) break;
        out.append(chunk, n);
    }
    return out;
}

}  // namespace ll::test
