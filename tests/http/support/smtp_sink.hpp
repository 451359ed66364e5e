#pragma once
// A real SMTP server for a test (tests/http/support/smtp_sink.py, Debian's python3-aiosmtpd)
// on a free loopback port; the messages it received, as written.
#include <sys/types.h>
#include <chrono>
#include <string>
#include <vector>

namespace ll::test {

class SmtpSink {
  public:
    SmtpSink();
    ~SmtpSink();
    SmtpSink(const SmtpSink&) = delete;
    SmtpSink& operator=(const SmtpSink&) = delete;

    std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
    // Every message received so far (X-Envelope-From/To lines, then the message).
    std::vector<std::string> messages() const;
    // Waits until at least `count` messages arrived (or the timeout passed); messages().
    std::vector<std::string> wait_for(std::size_t count,
                                      std::chrono::milliseconds timeout = std::chrono::seconds(10));

  private:
    std::string folder_;
    pid_t pid_ = -1;
    int stdin_ = -1;
    int port_ = 0;
};

}  // namespace ll::test
