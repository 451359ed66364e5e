#include "tests/http/authoring/support/raw_http.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <stdexcept>

namespace ll::test {
namespace {

class Socket {
  public:
    Socket(std::uint16_t port, std::chrono::milliseconds timeout)
        : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
        if (fd_ < 0) throw std::runtime_error("socket() failed");
        timeval tv{};
        tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
        tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
        ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        ::setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(port);
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0)
            throw std::runtime_error("connect() failed");
    }
    ~Socket() { ::close(fd_); }
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;

    // false when the peer stopped reading (closed) before everything went out.
    bool send_all(const std::string& bytes) {
        std::size_t sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) return false;
            sent += static_cast<std::size_t>(n);
        }
        return true;
    }

    // Appends what arrives; 0: closed, -1: timeout or error.
    ssize_t receive(std::string& into) {
        char chunk[64 * 1024];
        const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n > 0) into.append(chunk, static_cast<std::size_t>(n));
        return n;
    }

  private:
    int fd_;
};

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Reads one response from `buffer` (receiving more as needed) and removes it from the buffer.
// 1xx answers are returned too (the caller decides).
RawReply read_response(Socket& socket, std::string& buffer) {
    RawReply reply;
    std::size_t end = std::string::npos;
    while ((end = buffer.find("\r\n\r\n")) == std::string::npos) {
        const ssize_t n = socket.receive(buffer);
        if (n <= 0) {
            reply.timed_out = n < 0;
            return reply;
        }
    }
    const std::string head = buffer.substr(0, end);
    buffer.erase(0, end + 4);
    const auto line_end = head.find("\r\n");
    const std::string status_line = head.substr(0, line_end);
    if (status_line.rfind("HTTP/1.", 0) != 0 || status_line.size() < 12) return reply;
    reply.status = std::stoi(status_line.substr(9, 3));
    for (std::size_t at = line_end; at != std::string::npos && at < head.size();) {
        const std::size_t start = at + 2;
        const std::size_t next = head.find("\r\n", start);
        const std::string field =
            head.substr(start, next == std::string::npos ? next : next - start);
        const auto colon = field.find(':');
        if (colon != std::string::npos) {
            std::string value = field.substr(colon + 1);
            while (!value.empty() && value.front() == ' ') value.erase(0, 1);
            reply.headers[lower(field.substr(0, colon))] = value;
        }
        at = next;
    }
    if (reply.status < 200) return reply;
    const auto length = reply.headers.find("content-length");
    if (length == reply.headers.end()) {
        // No length: the body ends when the server closes.
        for (ssize_t n; (n = socket.receive(buffer)) != 0;) {
            if (n < 0) {
                reply.timed_out = true;
                break;
            }
        }
        reply.body = std::move(buffer);
        buffer.clear();
        return reply;
    }
    const std::size_t size = std::stoul(length->second);
    while (buffer.size() < size) {
        const ssize_t n = socket.receive(buffer);
        if (n <= 0) {
            reply.timed_out = n < 0;
            break;
        }
    }
    reply.body = buffer.substr(0, size);
    buffer.erase(0, std::min(size, buffer.size()));
    return reply;
}

RawReply final_response(Socket& socket, std::string& buffer) {
    for (;;) {
        RawReply r = read_response(socket, buffer);
        if (r.status == 0 || r.status >= 200) return r;
    }
}

}  // namespace

RawReply raw_exchange(std::uint16_t port, const std::string& head, const std::string& body,
                      std::chrono::milliseconds timeout) {
    Socket socket(port, timeout);
    // A server that refuses early may stop reading: its answer is still there to read.
    socket.send_all(head + body);
    std::string buffer;
    return final_response(socket, buffer);
}

RawReply raw_expect_continue(std::uint16_t port, const std::string& head, const std::string& body,
                             bool& continued, std::chrono::milliseconds timeout) {
    Socket socket(port, timeout);
    continued = false;
    socket.send_all(head);
    std::string buffer;
    RawReply first = read_response(socket, buffer);
    if (first.status != 100) return first;
    continued = true;
    socket.send_all(body);
    return final_response(socket, buffer);
}

}  // namespace ll::test
