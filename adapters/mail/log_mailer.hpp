#pragma once
// MAILER=log (development only): every message goes to the service's log, reset links
// included, so a developer can follow one without a mail server. The service warns at start
// (apps/learner-api): in production the log would hold live reset tokens.
#include "core/ports/mailer.hpp"

namespace ll {

class LogMailer final : public Mailer {
  public:
    bool send(MailMessage message) override;
};

}  // namespace ll
