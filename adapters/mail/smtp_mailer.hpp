#pragma once
// MAILER=smtp: messages go to SMTP_URL through libcurl on a thread of their own. send() only
// queues (at most `queue_capacity` messages; a full queue drops the message, counts it and logs
// that it did, never the message's text: it holds a reset token). SMTP_USER and SMTP_PASSWORD
// are never logged. docs/configuration.md "Mail" lists the settings.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "core/ports/mailer.hpp"

namespace ll {

// SMTP_STARTTLS for smtp:// URLs (smtps:// is TLS from the first byte): `required` fails a
// mail when the server offers no STARTTLS (CURLUSESSL_ALL), `try` uses it when offered
// (CURLUSESSL_TRY), `off` never asks (a relay on localhost).
enum class StartTls { required, opportunistic, off };

struct SmtpSettings {
    std::string url;  // smtp://host:587 or smtps://host:465
    std::string user, password;
    std::string from;  // MAIL_FROM: "Langlearn <noreply@example.com>" or a bare address
    StartTls starttls = StartTls::required;
    std::chrono::seconds connect_timeout{10};
    std::chrono::seconds timeout{30};  // a whole message
    std::size_t queue_capacity = 100;
};

class SmtpMailer final : public Mailer {
  public:
    // `on_outcome`: "sent", "failed" or "dropped" per message (the service counts them).
    explicit SmtpMailer(SmtpSettings settings,
                        std::function<void(const char* outcome)> on_outcome = {});
    // Sends what is queued (each bounded by the timeouts), then stops.
    ~SmtpMailer() override;
    SmtpMailer(const SmtpMailer&) = delete;
    SmtpMailer& operator=(const SmtpMailer&) = delete;

    bool send(MailMessage message) override;

  private:
    void run();
    bool deliver(const MailMessage& message);

    SmtpSettings settings_;
    std::function<void(const char*)> on_outcome_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<MailMessage> queue_;
    bool stopping_ = false;
    std::thread thread_;  // last: starts when the rest is ready
};

}  // namespace ll
