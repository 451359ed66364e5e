#pragma once
// The RFC 5322 text of one message as the SMTP adapter uploads it: Date, Message-ID, From, To,
// Subject (RFC 2047 encoded when not ASCII), MIME-Version and Content-Type text/plain;
// charset=utf-8, CRLF line ends. Dot-stuffing is curl's (it escapes lines that begin with a
// dot while uploading).
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/types.hpp"
#include "core/ports/mailer.hpp"

namespace ll::mail {

// The address of a From header ("Langlearn <noreply@example.com>" -> "noreply@example.com").
std::string envelope_address(std::string_view from);

// nullopt when a header value would carry a line break (header injection) or the recipient is
// empty.
std::optional<std::string> render_message(const MailMessage& message, std::string_view from,
                                          Timestamp now, std::string_view message_id);

}  // namespace ll::mail
