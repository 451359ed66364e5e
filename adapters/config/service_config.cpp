#include "adapters/config/service_config.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <string_view>
#include <thread>

#include <fmt/format.h>

namespace ll {
namespace {

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = text.find(',', start);
        std::string item =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        const auto first = item.find_first_not_of(" \t");
        const auto last = item.find_last_not_of(" \t");
        if (first != std::string::npos) out.push_back(item.substr(first, last - first + 1));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

long long parse_number(const char* name, const std::string& text, long long min, long long max) {
    long long value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size()) {
        throw ConfigError(fmt::format("{}: not a number: {}", name, text));
    }
    if (value < min || value > max) {
        throw ConfigError(
            fmt::format("{}: must be between {} and {}, not {}", name, min, max, value));
    }
    return value;
}

// scheme://host[:port] as a browser's Origin header spells it: http or https, a host of letters,
// digits, dots and hyphens (or a bracketed IPv6 address), an optional port, nothing after.
bool is_origin(const std::string& text) {
    std::string_view rest = text;
    if (rest.rfind("https://", 0) == 0) {
        rest.remove_prefix(8);
    } else if (rest.rfind("http://", 0) == 0) {
        rest.remove_prefix(7);
    } else {
        return false;
    }
    std::string_view host = rest, port;
    if (!rest.empty() && rest.front() == '[') {
        const auto close = rest.find(']');
        if (close == std::string_view::npos) return false;
        host = rest.substr(0, close + 1);
        rest.remove_prefix(close + 1);
        if (!rest.empty() && rest.front() != ':') return false;
        port = rest.empty() ? std::string_view() : rest.substr(1);
    } else if (const auto colon = rest.find(':'); colon != std::string_view::npos) {
        host = rest.substr(0, colon);
        port = rest.substr(colon + 1);
        if (port.empty()) return false;
    }
    if (host.empty()) return false;
    for (const char c : host) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '[' ||
              c == ']' || c == ':'))
            return false;
    }
    if (port.size() > 5) return false;
    for (const char c : port) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    }
    return true;
}

bool parse_flag(const char* name, const std::string& text) {
    if (text == "1" || text == "true" || text == "yes") return true;
    if (text == "0" || text == "false" || text == "no") return false;
    throw ConfigError(fmt::format("{}: expected 1 or 0, not {}", name, text));
}

// A duration variable ("604800", "7d", ...) in seconds, or the one line naming it.
std::int64_t duration(const char* name, const std::string& text) {
    const auto seconds = parse_duration_seconds(text);
    if (!seconds)
        throw ConfigError(std::string(name) +
                          ": expected seconds or a number with s, m, h or d, not " + text);
    return *seconds;
}

}  // namespace

EnvLookup process_environment() {
    return [](const char* name) -> std::optional<std::string> {
        const char* value = std::getenv(name);
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
}

std::optional<std::int64_t> parse_duration_seconds(const std::string& text) {
    if (text.empty()) return std::nullopt;
    std::int64_t unit = 1;
    std::string digits = text;
    switch (text.back()) {
        case 's':
            unit = 1;
            digits.pop_back();
            break;
        case 'm':
            unit = 60;
            digits.pop_back();
            break;
        case 'h':
            unit = 3600;
            digits.pop_back();
            break;
        case 'd':
            unit = 86400;
            digits.pop_back();
            break;
        default:
            break;
    }
    std::int64_t value = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc{} || ptr != digits.data() + digits.size() || value <= 0 ||
        value > 10LL * 365 * 86400 / unit) {
        return std::nullopt;
    }
    return value * unit;
}

namespace {

// The variables as load_config reads them: an empty one means "use the default".
class Env {
  public:
    explicit Env(const EnvLookup& lookup) : lookup_(lookup) {}

    std::optional<std::string> operator()(const char* name) const {
        auto v = lookup_(name);
        if (v && v->empty()) return std::nullopt;
        return v;
    }
    void text(const char* name, std::string& field) const {
        if (auto v = (*this)(name)) field = *v;
    }
    // A whole number in [min, max] (parse_number says what is wrong otherwise).
    template <typename T>
    void number(const char* name, T& field, long long min, long long max) const {
        if (auto v = (*this)(name)) field = static_cast<T>(parse_number(name, *v, min, max));
    }
    // One of `choices`: "NAME: expected a, b or c, not X" otherwise.
    std::optional<std::string> choice(const char* name,
                                      std::initializer_list<std::string_view> choices) const {
        auto v = (*this)(name);
        if (!v) return v;
        if (std::find(choices.begin(), choices.end(), *v) != choices.end()) return v;
        std::string expected;
        for (auto it = choices.begin(); it != choices.end(); ++it) {
            if (it != choices.begin()) expected += std::next(it) == choices.end() ? " or " : ", ";
            expected += *it;
        }
        throw ConfigError(fmt::format("{}: expected {}, not {}", name, expected, *v));
    }

  private:
    const EnvLookup& lookup_;
};

// Password reset mails (docs/configuration.md "Mail"): MAILER and what it needs, checked together.
void read_mail_config(ServiceConfig& c, const Env& env) {
    env.text("SMTP_URL", c.smtp_url);
    env.text("SMTP_USER", c.smtp_user);
    env.text("SMTP_PASSWORD", c.smtp_password);
    env.text("MAIL_FROM", c.mail_from);
    env.text("PASSWORD_RESET_URL", c.password_reset_url);
    if (auto v = env("PASSWORD_RESET_TTL"))
        c.password_reset_ttl_seconds = duration("PASSWORD_RESET_TTL", *v);
    if (auto v = env.choice("SMTP_STARTTLS", {"required", "try", "off"})) c.smtp_starttls = *v;
    c.mailer = c.smtp_url.empty() ? "none" : "smtp";
    if (auto v = env.choice("MAILER", {"smtp", "log", "none"})) c.mailer = *v;
    if (c.mailer != "smtp") return;
    if (c.smtp_url.rfind("smtp://", 0) != 0 && c.smtp_url.rfind("smtps://", 0) != 0)
        throw ConfigError("SMTP_URL: expected smtp://host:port or smtps://host:port");
    if (c.mail_from.empty() || c.mail_from.find('@') == std::string::npos)
        throw ConfigError("MAIL_FROM: required with MAILER=smtp, e.g. noreply@example.com");
    if (c.mail_from.find_first_of("\r\n") != std::string::npos)
        throw ConfigError("MAIL_FROM: must be one line");
    if (c.password_reset_url.empty())
        throw ConfigError(
            "PASSWORD_RESET_URL: required with MAILER=smtp, e.g. https://app.example/reset#token=");
}

// Where the service listens and what it stores in: the database, the address, threads and pools.
void read_server_config(ServiceConfig& c, const Env& env) {
    env.text("DATABASE_URL", c.database_url);
    if (c.database_url.rfind("sqlite://", 0) != 0 &&
        c.database_url.rfind("postgresql://", 0) != 0 &&
        c.database_url.rfind("postgres://", 0) != 0) {
        throw ConfigError(
            "DATABASE_URL: expected sqlite://PATH or postgresql://user:pass@host:port/db");
    }
    env.text("HOST", c.host);
    env.number("PORT", c.port, 1, 65535);
    c.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    env.number("THREADS", c.threads, 1, 256);
    c.db_pool_size = 2 * c.threads;
    env.number("DB_POOL_SIZE", c.db_pool_size, 1, 1024);
    c.auto_migrate = c.database_url.rfind("sqlite://", 0) == 0;
    if (auto v = env("AUTO_MIGRATE")) c.auto_migrate = parse_flag("AUTO_MIGRATE", *v);
}

// The tokens and the password hash: the signing secret, lifetimes, development tokens.
void read_token_config(ServiceConfig& c, const Env& env, ServiceKind kind) {
    const auto secret = env("JWT_SECRET");
    if (!secret && kind != ServiceKind::admin) {  // langlearn-admin signs no token
        throw ConfigError(
            "JWT_SECRET: required; it signs the login tokens, so it must be a random value of at "
            "least 32 bytes, e.g. JWT_SECRET=$(openssl rand -hex 32)");
    }
    if (secret && secret->size() < 32) {
        throw ConfigError(
            fmt::format("JWT_SECRET: too short ({} bytes); it signs the login tokens, so at "
                        "least 32 random bytes are required, e.g. $(openssl rand -hex 32)",
                        secret->size()));
    }
    if (secret) c.jwt_secret = *secret;
    if (auto v = env("JWT_EXPIRES_IN")) c.jwt_expires_in_seconds = duration("JWT_EXPIRES_IN", *v);
    // How long a learner's refresh family (one signed-in device) lives after its last use.
    if (auto v = env("REFRESH_EXPIRES_IN"))
        c.refresh_expires_in_seconds = duration("REFRESH_EXPIRES_IN", *v);
    if (auto v = env("DEV_TOKENS")) {
        c.dev_tokens = split_list(*v);
        for (const auto& token : c.dev_tokens) {
            // The token itself is a secret: name its position, never its value.
            if (token.size() < 24)
                throw ConfigError("DEV_TOKENS: every token needs at least 24 characters");
        }
    }
    env.number("PASSWORD_HASH_MEMORY_KIB", c.password_hash_memory_kib, 19456, 4 * 1024 * 1024);
    env.number("PASSWORD_HASH_PASSES", c.password_hash_passes, 2, 100);
}

// Media, speech and word generation.
void read_media_config(ServiceConfig& c, const Env& env) {
    env.text("MEDIA_DIR", c.media_dir);
    if (auto v = env.choice("MEDIA_STORE", {"folder", "database"}))
        c.media_in_database = *v == "database";
    env.number("MEDIA_POOL_SIZE", c.media_pool_size, 1, 256);
    env.text("TTS_COMMAND", c.tts_command);
    env.text("FFMPEG_COMMAND", c.ffmpeg_command);
    env.text("LLM_URL", c.llm_url);
    env.text("LLM_MODEL", c.llm_model);
    env.text("LLM_API_KEY", c.llm_api_key);
}

// What a client may ask of a server: sizes, time-outs, queues, rates (docs/operations.md).
void read_limits_config(ServiceConfig& c, const Env& env) {
    env.number("MAX_BODY_BYTES", c.max_body_bytes, 1024, 1LL << 30);
    env.number("MAX_HEADER_BYTES", c.max_header_bytes, 1024, 1 << 20);
    env.number("READ_TIMEOUT_SECONDS", c.read_timeout_seconds, 1, 3600);
    env.number("IDLE_TIMEOUT_SECONDS", c.idle_timeout_seconds, 1, 3600);
    env.number("MAX_CONNECTIONS", c.max_connections, 1, 1000000);
    env.number("SHUTDOWN_GRACE_SECONDS", c.shutdown_grace_seconds, 0, 600);
    env.number("IDEMPOTENCY_PURGE_SECONDS", c.idempotency_purge_seconds, 1, 86400);
    env.number("MAX_QUEUED_REQUESTS", c.max_queued_requests, 1, 1000000);
    env.number("MAX_QUEUED_HASHES", c.max_queued_hashes, 1, 100000);
    env.number("ACCOUNT_RECHECK_SECONDS", c.account_recheck_seconds, 1, 60);
    env.number("AUTH_RATE_PER_MINUTE", c.auth_rate_per_minute, 0, 1000000);
    env.number("LOGIN_FAILURES_PER_EMAIL", c.login_failures_per_email, 0, 1000000);
}

// Who may call, and from where: CORS, the proxies whose X-Forwarded-For counts, the origin.
void read_origin_config(ServiceConfig& c, const Env& env) {
    if (auto v = env("CORS_ORIGINS")) c.cors_origins = split_list(*v);
    if (auto v = env("TRUSTED_PROXIES")) c.trusted_proxies = split_list(*v);
    if (auto v = env("PUBLIC_ORIGIN")) {
        if (!is_origin(*v)) {
            throw ConfigError(
                "PUBLIC_ORIGIN: expected scheme://host[:port] (http or https, no "
                "path), not " +
                *v);
        }
        c.public_origin = *v;
    }
}

}  // namespace

ServiceConfig load_config(ServiceKind kind, const EnvLookup& lookup) {
    const Env env(lookup);
    ServiceConfig c;
    c.port = kind == ServiceKind::learner ? 8080 : 8081;
    read_server_config(c, env);
    read_token_config(c, env, kind);
    env.text("APP_TIMEZONE", c.app_timezone);
    if (auto v = env.choice("CLIENT_SCORING", {"accept", "cap", "refuse"})) c.client_scoring = *v;
    env.number("REVIEW_LOG_DAYS", c.review_log_days, 1, 36500);
    read_media_config(c, env);
    if (auto v = env.choice("LOG_LEVEL", {"debug", "info", "warn", "error"})) c.log_level = *v;
    if (auto v = env.choice("LOG_FORMAT", {"text", "json"})) c.log_json = *v == "json";
    read_limits_config(c, env);
    if (kind == ServiceKind::learner) read_mail_config(c, env);  // only learner-api mails
    read_origin_config(c, env);
    return c;
}

}  // namespace ll
