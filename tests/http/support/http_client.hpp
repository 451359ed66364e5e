#pragma once
// A small blocking HTTP/1.1 client over a real socket (Boost.Beast), for the HTTP tests.
// Every reply is appended (JSON lines) to the file of the API it talks to, for the OpenAPI
// validation: $LL_RECORD_RESPONSES (learner API, docs/openapi.yaml) or
// $LL_RECORD_AUTHORING_RESPONSES (authoring API, docs/openapi-authoring.yaml).
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/json.hpp>

namespace ll::test {

struct Reply {
    int status = 0;
    std::string body;                            // as it came, compressed or not
    std::string content;                         // the body with a gzip Content-Encoding undone
    std::map<std::string, std::string> headers;  // lower-case names
    boost::json::value json;                     // of `content`; null when it is not JSON

    std::string header(const std::string& name) const {
        const auto it = headers.find(name);
        return it == headers.end() ? "" : it->second;
    }
    // The error message of an error body ("" when there is none).
    std::string error() const;
};

// Which OpenAPI document the replies are checked against; `none` for servers with test-only
// routes that no document describes.
enum class RecordTo { learner, authoring, none };

// The bytes a gzip stream (RFC 1952) holds; throws when it is not one.
std::string gunzip(const std::string& compressed);

class HttpClient {
  public:
    explicit HttpClient(std::uint16_t port, RecordTo record = RecordTo::learner);
    // false: RecordTo::none (kept for the existing callers).
    HttpClient(std::uint16_t port, bool record)
        : HttpClient(port, record ? RecordTo::learner : RecordTo::none) {}
    ~HttpClient();
    // One request on this client's keep-alive connection (reconnects when the server closed it).
    Reply call(const std::string& method, const std::string& target, const std::string& body = {},
               const std::map<std::string, std::string>& headers = {});
    Reply get(const std::string& target, const std::string& token = {});
    Reply post(const std::string& target, const std::string& body, const std::string& token = {});
    Reply put(const std::string& target, const std::string& body, const std::string& token = {});
    Reply patch(const std::string& target, const std::string& body, const std::string& token = {});
    Reply del(const std::string& target, const std::string& token = {});
    // Bytes as they are, for malformed requests; returns what the server sent until it closed.
    std::string raw(const std::string& bytes);
    std::uint16_t port() const { return port_; }

  private:
    struct Connection;
    std::uint16_t port_;
    RecordTo record_;
    std::unique_ptr<Connection> connection_;
};

}  // namespace ll::test
