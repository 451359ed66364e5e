#include "adapters/mail/log_mailer.hpp"

#include <spdlog/spdlog.h>

namespace ll {

bool LogMailer::send(MailMessage message) {
    spdlog::info("mail (MAILER=log, development only) to {}: {}\n{}", message.to, message.subject,
                 message.text);
    return true;
}

}  // namespace ll
