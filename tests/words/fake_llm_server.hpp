#pragma once
// A small chat-completions stand-in for the LLM adapter tests: listens on 127.0.0.1 (port
// chosen by the system), plain HTTP or TLS, records every request and answers each with the
// canned reply of the moment, or never answers (to test timeouts).
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>

namespace ll::test {

struct RecordedRequest {
    std::string method, target, host, authorization, content_type, body;
    std::string server_name;  // TLS SNI, empty when none was sent
};

struct TlsIdentity {
    std::string certificate_pem, private_key_pem;
};

class FakeLlmServer {
  public:
    FakeLlmServer();                             // plain HTTP
    explicit FakeLlmServer(const TlsIdentity&);  // HTTPS
    ~FakeLlmServer();
    FakeLlmServer(const FakeLlmServer&) = delete;
    FakeLlmServer& operator=(const FakeLlmServer&) = delete;

    std::uint16_t port() const { return port_; }
    std::string base_url() const;  // "http://127.0.0.1:<port>" (https for TLS)

    void reply(unsigned status, std::string body);
    // A 200 answer whose choices[0].message.content is `content`.
    void reply_content(const std::string& content);
    void never_answer();
    std::vector<RecordedRequest> requests() const;

  private:
    void start();

    boost::asio::io_context io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    std::unique_ptr<boost::asio::ssl::context> tls_;
    std::uint16_t port_ = 0;
    std::thread thread_;

    mutable std::mutex mutex_;
    unsigned status_ = 200;
    std::string body_;
    bool hang_ = false;
    std::vector<RecordedRequest> requests_;
};

}  // namespace ll::test
