#include "adapters/mail/smtp_mailer.hpp"

#include <curl/curl.h>
#include <atomic>
#include <cstring>
#include <mutex>
#include <random>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "adapters/mail/smtp_message.hpp"

namespace ll {
namespace {

// curl_global_init is not thread-safe in older libcurl: once, before the first handle.
void init_curl_once() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// The upload's source: what is left of the rendered message.
struct Upload {
    std::string_view rest;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
    auto& upload = *static_cast<Upload*>(user);
    const std::size_t n = std::min(size * count, upload.rest.size());
    std::memcpy(buffer, upload.rest.data(), n);
    upload.rest.remove_prefix(n);
    return n;
}

// Unique enough for a Message-ID: random, and the sender's domain after the @.
std::string message_id(std::string_view from_address) {
    static std::atomic<unsigned long long> counter{0};
    thread_local std::mt19937_64 random{std::random_device{}()};
    const auto at = from_address.rfind('@');
    const std::string_view domain =
        at == std::string_view::npos ? std::string_view("localhost") : from_address.substr(at + 1);
    return fmt::format("{:016x}.{}@{}", random(), counter++, domain);
}

long use_ssl(const SmtpSettings& settings) {
    if (settings.url.rfind("smtps://", 0) == 0) return CURLUSESSL_ALL;
    switch (settings.starttls) {
        case StartTls::required:
            return CURLUSESSL_ALL;
        case StartTls::opportunistic:
            return CURLUSESSL_TRY;
        case StartTls::off:
            return CURLUSESSL_NONE;
    }
    return CURLUSESSL_ALL;
}

}  // namespace

SmtpMailer::SmtpMailer(SmtpSettings settings, std::function<void(const char*)> on_outcome)
    : settings_(std::move(settings)), on_outcome_(std::move(on_outcome)) {
    init_curl_once();
    thread_ = std::thread([this] { run(); });
}

SmtpMailer::~SmtpMailer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

bool SmtpMailer::send(MailMessage message) {
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() < settings_.queue_capacity && !stopping_) {
            queue_.push_back(std::move(message));
            wake_.notify_one();
            return true;
        }
    }
    // Never the text: it holds the reset token.
    spdlog::warn("mail: queue full ({} messages), a message was dropped", settings_.queue_capacity);
    if (on_outcome_) on_outcome_("dropped");
    return false;
}

void SmtpMailer::run() {
    for (;;) {
        MailMessage message;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping, and everything was sent
            message = std::move(queue_.front());
            queue_.pop_front();
        }
        const bool sent = deliver(message);
        if (on_outcome_) on_outcome_(sent ? "sent" : "failed");
    }
}

bool SmtpMailer::deliver(const MailMessage& message) {
    const std::string from_address = mail::envelope_address(settings_.from);
    const auto text = mail::render_message(
        message, settings_.from,
        std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now()),
        message_id(from_address));
    if (!text) {
        spdlog::warn("mail: a message with a line break in a header was not sent");
        return false;
    }
    CURL* curl = curl_easy_init();
    if (!curl) return false;
    const std::string recipient = "<" + message.to + ">";
    curl_slist* recipients = curl_slist_append(nullptr, recipient.c_str());
    Upload upload{*text};
    char error[CURL_ERROR_SIZE] = {};
    curl_easy_setopt(curl, CURLOPT_URL, settings_.url.c_str());
    curl_easy_setopt(curl, CURLOPT_USE_SSL, use_ssl(settings_));
    if (!settings_.user.empty()) {
        curl_easy_setopt(curl, CURLOPT_USERNAME, settings_.user.c_str());
        curl_easy_setopt(curl, CURLOPT_PASSWORD, settings_.password.c_str());
    }
    const std::string mail_from = "<" + from_address + ">";
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, mail_from.c_str());
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_upload);
    curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT,
                     static_cast<long>(settings_.connect_timeout.count()));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, static_cast<long>(settings_.timeout.count()));
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts without SIGALRM (threads)
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(recipients);
    curl_easy_cleanup(curl);
    if (code != CURLE_OK) {
        // curl's words name the server and the SMTP step, never the credentials or the text.
        spdlog::warn("mail: sending failed: {}", error[0] ? error : curl_easy_strerror(code));
        return false;
    }
    return true;
}

}  // namespace ll
