#pragma once
// Mail to a learner (password reset links; docs/accounts.md "Passwords"). send() hands the message
// over and returns at once: an adapter that talks to a mail server does so on its own thread, never
// on a request's path (the time an answer takes must not depend on it).
#include <string>

namespace ll {

struct MailMessage {
    std::string to;  // one address, normalised
    std::string subject;
    std::string text;  // plain text, UTF-8
};

class Mailer {
  public:
    virtual ~Mailer() = default;
    // Queues the message; false when it was dropped (queue full, mail switched off).
    virtual bool send(MailMessage message) = 0;
};

// MAILER=none: nothing is sent (docs/configuration.md).
class NoMailer final : public Mailer {
  public:
    bool send(MailMessage) override { return false; }
};

}  // namespace ll
