#include "adapters/config/service_config.hpp"
#include <cctype>

#include <charconv>
#include <cstdlib>
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

// Password reset mails (docs/configuration.md "Mail"): MAILER and what it needs, checked together.
template <typename Get>
void read_mail_config(ServiceConfig& c, const Get& get) {
    if (auto v = get("SMTP_URL")) c.smtp_url = *v;
    if (auto v = get("SMTP_USER")) c.smtp_user = *v;
    if (auto v = get("SMTP_PASSWORD")) c.smtp_password = *v;
    if (auto v = get("MAIL_FROM")) c.mail_from = *v;
    if (auto v = get("PASSWORD_RESET_URL")) c.password_reset_url = *v;
    if (auto v = get("PASSWORD_RESET_TTL"))
        c.password_reset_ttl_seconds = duration("PASSWORD_RESET_TTL", *v);
    if (auto v = get("SMTP_STARTTLS")) {
        if (*v != "required" && *v != "try" && *v != "off")
            throw ConfigError("SMTP_STARTTLS: expected required, try or off, not " + *v);
        c.smtp_starttls = *v;
    }
    c.mailer = c.smtp_url.empty() ? "none" : "smtp";
    if (auto v = get("MAILER")) {
        if (*v != "smtp" && *v != "log" && *v != "none")
            throw ConfigError("MAILER: expected smtp, log or none, not " + *v);
        c.mailer = *v;
    }
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

ServiceConfig load_config(ServiceKind kind, const EnvLookup& env) {
    ServiceConfig c;
    c.port = kind == ServiceKind::learner ? 8080 : 8081;
    const auto get = [&](const char* name) -> std::optional<std::string> {
        auto v = env(name);
        if (v && v->empty()) return std::nullopt;  // an empty variable means "use the default"
        return v;
    };

    if (auto v = get("DATABASE_URL")) c.database_url = *v;
    if (c.database_url.rfind("sqlite://", 0) != 0 &&
        c.database_url.rfind("postgresql://", 0) != 0 &&
        c.database_url.rfind("postgres://", 0) != 0) {
        throw ConfigError(
            "DATABASE_URL: expected sqlite://PATH or postgresql://user:pass@host:port/db");
    }
    if (auto v = get("HOST")) c.host = *v;
    if (auto v = get("PORT"))
        c.port = static_cast<std::uint16_t>(parse_number("PORT", *v, 1, 65535));

    const auto secret = get("JWT_SECRET");
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
    if (auto v = get("JWT_EXPIRES_IN")) c.jwt_expires_in_seconds = duration("JWT_EXPIRES_IN", *v);
    // How long a learner's refresh family (one signed-in device) lives after its last use.
    if (auto v = get("REFRESH_EXPIRES_IN"))
        c.refresh_expires_in_seconds = duration("REFRESH_EXPIRES_IN", *v);
    if (auto v = get("DEV_TOKENS")) {
        c.dev_tokens = split_list(*v);
        for (const auto& token : c.dev_tokens) {
            // The token itself is a secret: name its position, never its value.
            if (token.size() < 24)
                throw ConfigError("DEV_TOKENS: every token needs at least 24 characters");
        }
    }
    if (auto v = get("APP_TIMEZONE")) c.app_timezone = *v;
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    c.threads = cores;
    if (auto v = get("THREADS")) c.threads = static_cast<int>(parse_number("THREADS", *v, 1, 256));
    c.db_pool_size = 2 * c.threads;
    if (auto v = get("DB_POOL_SIZE"))
        c.db_pool_size = static_cast<int>(parse_number("DB_POOL_SIZE", *v, 1, 1024));
    if (auto v = get("MEDIA_DIR")) c.media_dir = *v;
    if (auto v = get("CLIENT_SCORING")) {
        if (*v != "accept" && *v != "cap" && *v != "refuse")
            throw ConfigError("CLIENT_SCORING: expected accept, cap or refuse, not " + *v);
        c.client_scoring = *v;
    }
    if (auto v = get("MEDIA_STORE")) {
        if (*v != "folder" && *v != "database")
            throw ConfigError("MEDIA_STORE: expected folder or database, not " + *v);
        c.media_in_database = *v == "database";
    }
    if (auto v = get("MEDIA_POOL_SIZE"))
        c.media_pool_size = static_cast<int>(parse_number("MEDIA_POOL_SIZE", *v, 1, 256));
    if (auto v = get("LOG_LEVEL")) {
        if (*v != "debug" && *v != "info" && *v != "warn" && *v != "error") {
            throw ConfigError("LOG_LEVEL: expected debug, info, warn or error, not " + *v);
        }
        c.log_level = *v;
    }
    if (auto v = get("LOG_FORMAT")) {
        if (*v != "text" && *v != "json")
            throw ConfigError("LOG_FORMAT: expected text or json, not " + *v);
        c.log_json = *v == "json";
    }
    if (auto v = get("TTS_COMMAND")) c.tts_command = *v;
    if (auto v = get("FFMPEG_COMMAND")) c.ffmpeg_command = *v;
    if (auto v = get("LLM_URL")) c.llm_url = *v;
    if (auto v = get("LLM_MODEL")) c.llm_model = *v;
    if (auto v = get("LLM_API_KEY")) c.llm_api_key = *v;
    c.auto_migrate = c.database_url.rfind("sqlite://", 0) == 0;
    if (auto v = get("AUTO_MIGRATE")) c.auto_migrate = parse_flag("AUTO_MIGRATE", *v);
    if (auto v = get("CORS_ORIGINS")) c.cors_origins = split_list(*v);
    if (auto v = get("PASSWORD_HASH_MEMORY_KIB")) {
        c.password_hash_memory_kib =
            static_cast<int>(parse_number("PASSWORD_HASH_MEMORY_KIB", *v, 19456, 4 * 1024 * 1024));
    }
    if (auto v = get("PASSWORD_HASH_PASSES")) {
        c.password_hash_passes = static_cast<int>(parse_number("PASSWORD_HASH_PASSES", *v, 2, 100));
    }
    if (auto v = get("MAX_BODY_BYTES"))
        c.max_body_bytes =
            static_cast<std::size_t>(parse_number("MAX_BODY_BYTES", *v, 1024, 1LL << 30));
    if (auto v = get("MAX_HEADER_BYTES"))
        c.max_header_bytes =
            static_cast<std::size_t>(parse_number("MAX_HEADER_BYTES", *v, 1024, 1 << 20));
    if (auto v = get("READ_TIMEOUT_SECONDS"))
        c.read_timeout_seconds =
            static_cast<int>(parse_number("READ_TIMEOUT_SECONDS", *v, 1, 3600));
    if (auto v = get("IDLE_TIMEOUT_SECONDS"))
        c.idle_timeout_seconds =
            static_cast<int>(parse_number("IDLE_TIMEOUT_SECONDS", *v, 1, 3600));
    if (auto v = get("MAX_CONNECTIONS"))
        c.max_connections = static_cast<int>(parse_number("MAX_CONNECTIONS", *v, 1, 1000000));
    if (auto v = get("SHUTDOWN_GRACE_SECONDS"))
        c.shutdown_grace_seconds =
            static_cast<int>(parse_number("SHUTDOWN_GRACE_SECONDS", *v, 0, 600));
    if (auto v = get("IDEMPOTENCY_PURGE_SECONDS"))
        c.idempotency_purge_seconds =
            static_cast<int>(parse_number("IDEMPOTENCY_PURGE_SECONDS", *v, 1, 86400));
    if (auto v = get("REVIEW_LOG_DAYS"); v && !v->empty())
        c.review_log_days = static_cast<int>(parse_number("REVIEW_LOG_DAYS", *v, 1, 36500));
    if (auto v = get("MAX_QUEUED_REQUESTS"))
        c.max_queued_requests =
            static_cast<int>(parse_number("MAX_QUEUED_REQUESTS", *v, 1, 1000000));
    if (auto v = get("MAX_QUEUED_HASHES"))
        c.max_queued_hashes = static_cast<int>(parse_number("MAX_QUEUED_HASHES", *v, 1, 100000));
    if (auto v = get("ACCOUNT_RECHECK_SECONDS"))
        c.account_recheck_seconds =
            static_cast<int>(parse_number("ACCOUNT_RECHECK_SECONDS", *v, 1, 60));
    if (kind == ServiceKind::learner) read_mail_config(c, get);  // only learner-api mails
    if (auto v = get("AUTH_RATE_PER_MINUTE"))
        c.auth_rate_per_minute =
            static_cast<int>(parse_number("AUTH_RATE_PER_MINUTE", *v, 0, 1000000));
    if (auto v = get("LOGIN_FAILURES_PER_EMAIL"))
        c.login_failures_per_email =
            static_cast<int>(parse_number("LOGIN_FAILURES_PER_EMAIL", *v, 0, 1000000));
    if (auto v = get("TRUSTED_PROXIES")) c.trusted_proxies = split_list(*v);
    if (auto v = get("PUBLIC_ORIGIN"); v && !v->empty()) {
        if (!is_origin(*v)) {
            throw ConfigError(
                "PUBLIC_ORIGIN: expected scheme://host[:port] (http or https, no "
                "path), not " +
                *v);
        }
        c.public_origin = *v;
    }
    return c;
}

}  // namespace ll
