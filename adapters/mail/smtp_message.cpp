#include "adapters/mail/smtp_message.hpp"

#include <ctime>

#include <fmt/format.h>

namespace ll::mail {
namespace {

bool single_line(std::string_view value) {
    return value.find_first_of("\r\n") == std::string_view::npos;
}

bool ascii(std::string_view value) {
    for (const char c : value)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

std::string base64(std::string_view bytes) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) |
                           (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                           static_cast<unsigned char>(bytes[i + 2]);
        out += {kAlphabet[v >> 18], kAlphabet[(v >> 12) & 63], kAlphabet[(v >> 6) & 63],
                kAlphabet[v & 63]};
    }
    if (i < bytes.size()) {
        unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
        if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
        out += kAlphabet[v >> 18];
        out += kAlphabet[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

// RFC 2047: a subject with non-ASCII characters as one UTF-8 encoded word.
std::string header_text(std::string_view value) {
    return ascii(value) ? std::string(value) : "=?UTF-8?B?" + base64(value) + "?=";
}

// RFC 5322 3.3, always in UTC: "Thu, 26 Nov 2026 05:00:00 +0000".
std::string rfc5322_date(Timestamp now) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(
        std::chrono::time_point_cast<std::chrono::seconds>(now));
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[40];
    std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S +0000", &utc);
    return text;
}

// Bare LF (how the core writes text) to CRLF, as SMTP wants.
std::string crlf(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 32);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) out += '\r';
        out += text[i];
    }
    return out;
}

}  // namespace

std::string envelope_address(std::string_view from) {
    const auto open = from.rfind('<');
    const auto close = from.rfind('>');
    if (open != std::string_view::npos && close != std::string_view::npos && open < close)
        return std::string(from.substr(open + 1, close - open - 1));
    return std::string(from);
}

std::optional<std::string> render_message(const MailMessage& message, std::string_view from,
                                          Timestamp now, std::string_view message_id) {
    if (message.to.empty() || !single_line(message.to) || !single_line(message.subject) ||
        !single_line(from))
        return std::nullopt;
    return fmt::format(
        "Date: {}\r\nMessage-ID: <{}>\r\nFrom: {}\r\nTo: {}\r\nSubject: {}\r\n"
        "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\n{}",
        rfc5322_date(now), message_id, from, message.to, header_text(message.subject),
        crlf(message.text));
}

}  // namespace ll::mail
