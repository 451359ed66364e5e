#pragma once
// A Mailer for tests that keeps what it was handed (password reset), and the link's token read out
// of a message.
#include <mutex>
#include <string>
#include <vector>

#include "core/ports/mailer.hpp"

namespace ll::test {

struct RecordingMailer final : Mailer {
    bool send(MailMessage message) override {
        std::lock_guard lock(mutex);
        sent.push_back(std::move(message));
        return true;
    }
    std::vector<MailMessage> messages() {
        std::lock_guard lock(mutex);
        return sent;
    }
    std::mutex mutex;
    std::vector<MailMessage> sent;
};

// The token after `prefix` in a mail's text: up to the next white space.
inline std::string token_after(const std::string& text, const std::string& prefix) {
    const auto start = text.find(prefix);
    if (start == std::string::npos) return {};
    const auto from = start + prefix.size();
    const auto end = text.find_first_of(" \r\n", from);
    return text.substr(from, end == std::string::npos ? std::string::npos : end - from);
}

}  // namespace ll::test
