#pragma once
// The services' configuration, read once at start from the environment (docs/spec/decisions.md 2).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ll {

// `admin`: langlearn-admin, which signs no token (JWT_SECRET not required) and serves nothing.
enum class ServiceKind { learner, authoring, admin };

struct ServiceConfig {
    std::string database_url = "sqlite://./var/langlearn.db";
    std::string host = "0.0.0.0";
    std::uint16_t port = 8080;  // 8081 for authoring
    std::string jwt_secret;     // required (but for admin), >= 32 bytes; never logged
    std::int64_t jwt_expires_in_seconds = 7 * 24 * 3600;
    // REFRESH_EXPIRES_IN: a learner's session ends this long after its last refresh.
    std::int64_t refresh_expires_in_seconds = 60LL * 24 * 3600;
    std::vector<std::string> dev_tokens;  // DEV_TOKENS, each >= 24 chars (authoring only)
    std::string app_timezone = "UTC";
    int threads = 0;       // THREADS, default number of cores
    int db_pool_size = 0;  // DB_POOL_SIZE, default 2 x threads
    std::string media_dir = "./var/media";
    // MEDIA_STORE: where pictures and audio live (docs/operations.md "Media"): `folder`
    // (MEDIA_DIR) or `database` (media_files in DATABASE_URL's database).
    bool media_in_database = false;
    // CLIENT_SCORING: accept, cap or refuse the points an app sends to POST /auth/progress
    // (docs/learning.md "Client scoring"); checked when read.
    std::string client_scoring = "accept";
    int media_pool_size = 2;         // MEDIA_POOL_SIZE: threads serving /media and their sessions
    std::string log_level = "info";  // debug, info, warn, error
    bool log_json = false;           // LOG_FORMAT=json: the service's messages as JSON lines
    std::string tts_command = "espeak-ng";
    std::string ffmpeg_command = "ffmpeg";        // the audio copies for phones (docs/audio.md)
    std::string llm_url, llm_model, llm_api_key;  // empty: offline word generator
    bool auto_migrate = false;                    // AUTO_MIGRATE; default 1 for sqlite, 0 otherwise
    std::vector<std::string> cors_origins;        // CORS_ORIGINS
    int password_hash_memory_kib = 19456;         // PASSWORD_HASH_MEMORY_KIB (OWASP minimum 19 MiB)
    int password_hash_passes = 2;                 // PASSWORD_HASH_PASSES
    // HTTP limits (documented in docs/configuration.md)
    std::size_t max_body_bytes = 1024 * 1024;  // MAX_BODY_BYTES: JSON bodies (413 beyond)
    std::size_t max_header_bytes = 8 * 1024;   // MAX_HEADER_BYTES
    int read_timeout_seconds = 10;        // READ_TIMEOUT_SECONDS: a request must arrive within it
    int idle_timeout_seconds = 60;        // IDLE_TIMEOUT_SECONDS: keep-alive idle limit
    int max_connections = 10000;          // MAX_CONNECTIONS
    int shutdown_grace_seconds = 10;      // SHUTDOWN_GRACE_SECONDS
    int idempotency_purge_seconds = 600;  // IDEMPOTENCY_PURGE_SECONDS: expired keys removed
    // REVIEW_LOG_DAYS (1..36500): review-log lines answered longer ago are deleted in the
    // background; nullopt (unset or empty): kept for ever.
    std::optional<int> review_log_days;
    int max_queued_requests = 1024;  // MAX_QUEUED_REQUESTS: worker queue bound (503 past it)
    int max_queued_hashes = 64;      // MAX_QUEUED_HASHES: hashing queue bound (503 past it)
    // ACCOUNT_RECHECK_SECONDS (1..60): a token's account (active? still staff?) is read again
    // after this long, so a deactivated or demoted account loses access within it.
    int account_recheck_seconds = 30;
    // Rate limits (docs/spec/decisions.md 10)
    int auth_rate_per_minute = 600;            // AUTH_RATE_PER_MINUTE, 0 disables
    int login_failures_per_email = 10;         // LOGIN_FAILURES_PER_EMAIL, 0 disables
    std::vector<std::string> trusted_proxies;  // TRUSTED_PROXIES (IP addresses)
    // PUBLIC_ORIGIN: the studio's origin as browsers see it (scheme://host[:port]); empty: from
    // each request (authoring-api, docs/studio.md "Sign-in and sessions").
    std::string public_origin;
    // Password reset mails (docs/configuration.md "Mail"). MAILER: smtp when SMTP_URL is set, else
    // none; log only when asked for (development).
    std::string mailer = "none";             // smtp, log, none
    std::string smtp_url;                    // SMTP_URL: smtp://host:port or smtps://host:port
    std::string smtp_user;                   // SMTP_USER
    std::string smtp_password;               // SMTP_PASSWORD; never logged
    std::string smtp_starttls = "required";  // SMTP_STARTTLS: required, try, off
    std::string mail_from;                   // MAIL_FROM
    std::string password_reset_url;          // PASSWORD_RESET_URL: the link is this + token
    std::int64_t password_reset_ttl_seconds = 30 * 60;  // PASSWORD_RESET_TTL
};

// One line naming the variable, e.g. "PORT: not a number: 80x".
struct ConfigError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

using EnvLookup = std::function<std::optional<std::string>(const char* name)>;
EnvLookup process_environment();

// Throws ConfigError for the first bad value.
ServiceConfig load_config(ServiceKind kind, const EnvLookup& env);

// "604800", "30s", "15m", "12h", "7d" -> seconds; nullopt when malformed or not positive.
std::optional<std::int64_t> parse_duration_seconds(const std::string& text);

}  // namespace ll
