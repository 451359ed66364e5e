#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <thread>

#include "adapters/config/service_config.hpp"

using namespace ll;

namespace {
EnvLookup env(std::map<std::string, std::string> values) {
    return [values](const char* name) -> std::optional<std::string> {
        const auto it = values.find(name);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}
const std::string kSecret = "0123456789abcdef0123456789abcdef";
}  // namespace

TEST_CASE("config: defaults of docs/spec/decisions.md section 2", "[config]") {
    const auto c = load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}}));
    CHECK(c.database_url == "sqlite://./var/langlearn.db");
    CHECK(c.port == 8080);
    CHECK(c.host == "0.0.0.0");
    CHECK(c.jwt_expires_in_seconds == 7 * 24 * 3600);
    CHECK(c.refresh_expires_in_seconds == 60 * 24 * 3600);
    CHECK(c.app_timezone == "UTC");
    CHECK(c.threads == static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    CHECK(c.db_pool_size == 2 * c.threads);
    CHECK(c.media_dir == "./var/media");
    CHECK(c.log_level == "info");
    CHECK_FALSE(c.log_json);
    CHECK(c.auto_migrate);
    CHECK(c.password_hash_memory_kib == 19456);
    CHECK(load_config(ServiceKind::authoring, env({{"JWT_SECRET", kSecret}})).port == 8081);
    const auto pg =
        load_config(ServiceKind::learner,
                    env({{"JWT_SECRET", kSecret},
                         {"DATABASE_URL", "postgres://u@h/db"},
                         {"THREADS", "3"},
                         {"JWT_EXPIRES_IN", "15m"},
                         {"REFRESH_EXPIRES_IN", "30d"},
                         {"DEV_TOKENS", "abcdefghijklmnopqrstuvwx, ,zyxwvutsrqponmlkjihgfedcba"}}));
    CHECK_FALSE(pg.auto_migrate);
    CHECK(pg.db_pool_size == 6);
    CHECK(pg.jwt_expires_in_seconds == 900);
    CHECK(pg.refresh_expires_in_seconds == 30 * 24 * 3600);
    CHECK(pg.dev_tokens.size() == 2);
    const auto set = load_config(ServiceKind::authoring,
                                 env({{"JWT_SECRET", kSecret},
                                      {"PORT", "9000"},
                                      {"AUTO_MIGRATE", "0"},
                                      {"LOG_LEVEL", "debug"},
                                      {"LOG_FORMAT", "json"},
                                      {"PUBLIC_ORIGIN", "https://studio.example.com:8443"},
                                      {"DB_POOL_SIZE", "5"},
                                      {"APP_TIMEZONE", "Europe/Berlin"},
                                      {"PASSWORD_HASH_MEMORY_KIB", "65536"},
                                      {"PASSWORD_HASH_PASSES", "3"},
                                      {"MAX_BODY_BYTES", "2048"},
                                      {"AUTH_RATE_PER_MINUTE", "0"},
                                      {"CORS_ORIGINS", "https://a.example, https://b.example"},
                                      {"TRUSTED_PROXIES", "127.0.0.1"}}));
    CHECK(set.port == 9000);
    CHECK(set.jwt_secret == kSecret);
    CHECK_FALSE(set.auto_migrate);
    CHECK(set.log_level == "debug");
    CHECK(set.log_json);
    CHECK(set.public_origin == "https://studio.example.com:8443");
    CHECK(set.db_pool_size == 5);
    CHECK(set.app_timezone == "Europe/Berlin");
    CHECK(set.password_hash_memory_kib == 65536);
    CHECK(set.password_hash_passes == 3);
    CHECK(set.max_body_bytes == 2048);
    CHECK(set.auth_rate_per_minute == 0);
    CHECK(set.cors_origins == std::vector<std::string>{"https://a.example", "https://b.example"});
    CHECK(set.trusted_proxies == std::vector<std::string>{"127.0.0.1"});

    // Every other variable lands in its own field.
    const auto more =
        load_config(ServiceKind::authoring, env({{"JWT_SECRET", kSecret},
                                                 {"HOST", "127.0.0.1"},
                                                 {"MEDIA_DIR", "/srv/media"},
                                                 {"MEDIA_STORE", "database"},
                                                 {"MEDIA_POOL_SIZE", "3"},
                                                 {"TTS_COMMAND", "/usr/bin/espeak-ng"},
                                                 {"FFMPEG_COMMAND", "/usr/bin/ffmpeg"},
                                                 {"LLM_URL", "http://127.0.0.1:9/v1"},
                                                 {"LLM_MODEL", "small"},
                                                 {"LLM_API_KEY", "key-value"},
                                                 {"MAX_HEADER_BYTES", "4096"},
                                                 {"READ_TIMEOUT_SECONDS", "7"},
                                                 {"IDLE_TIMEOUT_SECONDS", "8"},
                                                 {"MAX_CONNECTIONS", "9"},
                                                 {"SHUTDOWN_GRACE_SECONDS", "10"},
                                                 {"MAX_QUEUED_REQUESTS", "11"},
                                                 {"MAX_QUEUED_HASHES", "12"},
                                                 {"ACCOUNT_RECHECK_SECONDS", "13"},
                                                 {"LOGIN_FAILURES_PER_EMAIL", "14"}}));
    CHECK(more.host == "127.0.0.1");
    CHECK(more.media_dir == "/srv/media");
    CHECK(more.media_in_database);
    CHECK(more.media_pool_size == 3);
    CHECK(more.tts_command == "/usr/bin/espeak-ng");
    CHECK(more.ffmpeg_command == "/usr/bin/ffmpeg");
    CHECK(more.llm_url == "http://127.0.0.1:9/v1");
    CHECK(more.llm_model == "small");
    CHECK(more.llm_api_key == "key-value");
    CHECK(more.max_header_bytes == 4096);
    CHECK(more.read_timeout_seconds == 7);
    CHECK(more.idle_timeout_seconds == 8);
    CHECK(more.max_connections == 9);
    CHECK(more.shutdown_grace_seconds == 10);
    CHECK(more.max_queued_requests == 11);
    CHECK(more.max_queued_hashes == 12);
    CHECK(more.account_recheck_seconds == 13);
    CHECK(more.login_failures_per_email == 14);
}

TEST_CASE("config: one line naming the variable, never the secret", "[config]") {
    const auto error = [](std::map<std::string, std::string> values) {
        try {
            load_config(ServiceKind::learner, env(values));
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error({}).rfind("JWT_SECRET: required", 0) == 0);
    CHECK(error({{"JWT_SECRET", "short-secret-value"}}).rfind("JWT_SECRET: too short", 0) == 0);
    CHECK(error({{"JWT_SECRET", "short-secret-value"}}).find("short-secret-value") ==
          std::string::npos);
    CHECK(error({{"JWT_SECRET", kSecret}, {"PORT", "80x"}}) == "PORT: not a number: 80x");
    CHECK(error({{"JWT_SECRET", kSecret}, {"PORT", "70000"}}).rfind("PORT:", 0) == 0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"PORT", "+80"}}) == "PORT: not a number: +80");
    CHECK(error({{"JWT_SECRET", kSecret}, {"THREADS", "0"}}).rfind("THREADS:", 0) == 0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"DB_POOL_SIZE", "4 "}}).rfind("DB_POOL_SIZE:", 0) == 0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"AUTO_MIGRATE", "maybe"}}).rfind("AUTO_MIGRATE:", 0) ==
          0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"MAX_BODY_BYTES", "1k"}}).rfind("MAX_BODY_BYTES:", 0) ==
          0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"PASSWORD_HASH_PASSES", "1"}})
              .rfind("PASSWORD_HASH_PASSES:", 0) == 0);
    // One line each: no message spans lines.
    CHECK(error({}).find('\n') == std::string::npos);
    CHECK(
        error({{"JWT_SECRET", kSecret}, {"DATABASE_URL", "mysql://x"}}).rfind("DATABASE_URL:", 0) ==
        0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"JWT_EXPIRES_IN", "7w"}}).rfind("JWT_EXPIRES_IN:", 0) ==
          0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"REFRESH_EXPIRES_IN", "0"}})
              .rfind("REFRESH_EXPIRES_IN:", 0) == 0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"DEV_TOKENS", "tooshort"}}) ==
          "DEV_TOKENS: every token needs at least 24 characters");
    CHECK(error({{"JWT_SECRET", kSecret}, {"LOG_LEVEL", "loud"}}) ==
          "LOG_LEVEL: expected debug, info, warn or error, not loud");
    CHECK(error({{"JWT_SECRET", kSecret}, {"MEDIA_STORE", "s3"}}) ==
          "MEDIA_STORE: expected folder or database, not s3");
    CHECK(error({{"JWT_SECRET", kSecret}, {"MAILER", "sendmail"}}) ==
          "MAILER: expected smtp, log or none, not sendmail");
    CHECK(error({{"JWT_SECRET", kSecret}, {"SMTP_STARTTLS", "maybe"}}) ==
          "SMTP_STARTTLS: expected required, try or off, not maybe");
    CHECK(error({{"JWT_SECRET", kSecret}, {"LOG_FORMAT", "xml"}}) ==
          "LOG_FORMAT: expected text or json, not xml");
    for (const char* bad : {"studio.example.com", "https://studio.example.com/", "ftp://a.example",
                            "https://a.example/studio", "https://a.example:", "https://",
                            "https://a b.example", "https://a.example:123456"}) {
        INFO(bad);
        CHECK(error({{"JWT_SECRET", kSecret}, {"PUBLIC_ORIGIN", bad}}).rfind("PUBLIC_ORIGIN:", 0) ==
              0);
    }
    CHECK(error({{"JWT_SECRET", kSecret}, {"PASSWORD_HASH_MEMORY_KIB", "1024"}})
              .rfind("PASSWORD_HASH_MEMORY_KIB:", 0) == 0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"IDEMPOTENCY_PURGE_SECONDS", "0"}})
              .rfind("IDEMPOTENCY_PURGE_SECONDS:", 0) == 0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"REVIEW_LOG_DAYS", "0"}}) ==
          "REVIEW_LOG_DAYS: must be between 1 and 36500, not 0");
    CHECK(error({{"JWT_SECRET", kSecret}, {"REVIEW_LOG_DAYS", "a year"}}) ==
          "REVIEW_LOG_DAYS: not a number: a year");
}

TEST_CASE("config: the review log is kept for ever unless REVIEW_LOG_DAYS says otherwise",
          "[config]") {
    CHECK_FALSE(load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}})).review_log_days);
    CHECK_FALSE(
        load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}, {"REVIEW_LOG_DAYS", ""}}))
            .review_log_days);
    CHECK(load_config(ServiceKind::learner,
                      env({{"JWT_SECRET", kSecret}, {"REVIEW_LOG_DAYS", "365"}}))
              .review_log_days == 365);
}

TEST_CASE("config: CLIENT_SCORING is accept, cap or refuse", "[config]") {
    CHECK(load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}})).client_scoring ==
          "accept");
    for (const char* value : {"accept", "cap", "refuse"}) {
        CHECK(load_config(ServiceKind::learner,
                          env({{"JWT_SECRET", kSecret}, {"CLIENT_SCORING", value}}))
                  .client_scoring == value);
    }
    // Empty is unset, as for every variable.
    CHECK(load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}, {"CLIENT_SCORING", ""}}))
              .client_scoring == "accept");
    for (const char* value : {"Cap", "ignore"}) {
        INFO(value);
        CHECK_THROWS_WITH(
            load_config(ServiceKind::learner,
                        env({{"JWT_SECRET", kSecret}, {"CLIENT_SCORING", value}})),
            std::string("CLIENT_SCORING: expected accept, cap or refuse, not ") + value);
    }
}

TEST_CASE("config: the idempotency-key purge interval", "[config]") {
    CHECK(load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}}))
              .idempotency_purge_seconds == 600);
    CHECK(load_config(ServiceKind::learner,
                      env({{"JWT_SECRET", kSecret}, {"IDEMPOTENCY_PURGE_SECONDS", "5"}}))
              .idempotency_purge_seconds == 5);
}

TEST_CASE("config: durations", "[config]") {
    CHECK(parse_duration_seconds("604800") == 604800);
    CHECK(parse_duration_seconds("30s") == 30);
    CHECK(parse_duration_seconds("12h") == 43200);
    CHECK(parse_duration_seconds("7d") == 604800);
    CHECK_FALSE(parse_duration_seconds("0"));
    CHECK_FALSE(parse_duration_seconds("-5m"));
    CHECK_FALSE(parse_duration_seconds("d"));
    CHECK_FALSE(parse_duration_seconds("1.5h"));
}

TEST_CASE("config: the mailer (docs/configuration.md \"Mail\")", "[config]") {
    const auto plain = load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}}));
    CHECK(plain.mailer == "none");
    CHECK(plain.password_reset_ttl_seconds == 30 * 60);
    CHECK(plain.smtp_starttls == "required");
    std::map<std::string, std::string> smtp{{"JWT_SECRET", kSecret},
                                            {"SMTP_URL", "smtps://mail.example:465"},
                                            {"SMTP_USER", "mailer"},
                                            {"SMTP_PASSWORD", "smtp-secret-value"},
                                            {"MAIL_FROM", "Langlearn <noreply@example.com>"},
                                            {"PASSWORD_RESET_URL", "https://app.example/r#t="},
                                            {"PASSWORD_RESET_TTL", "15m"}};
    const auto c = load_config(ServiceKind::learner, env(smtp));
    CHECK(c.mailer == "smtp");
    CHECK(c.smtp_url == "smtps://mail.example:465");
    CHECK(c.smtp_user == "mailer");
    CHECK(c.smtp_password == "smtp-secret-value");
    CHECK(c.mail_from == "Langlearn <noreply@example.com>");
    CHECK(c.password_reset_url == "https://app.example/r#t=");
    CHECK(c.password_reset_ttl_seconds == 15 * 60);
    CHECK(load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}, {"MAILER", "log"}}))
              .mailer == "log");

    const auto refused = [&](std::map<std::string, std::string> values, const char* variable) {
        try {
            load_config(ServiceKind::learner, env(values));
            FAIL("accepted");
        } catch (const ConfigError& e) {
            const std::string message = e.what();
            CHECK(message.rfind(variable, 0) == 0);
            CHECK(message.find("smtp-secret-value") == std::string::npos);
        }
    };
    auto without = [&](const char* name) {
        auto values = smtp;
        values.erase(name);
        return values;
    };
    refused(without("MAIL_FROM"), "MAIL_FROM");
    refused(without("PASSWORD_RESET_URL"), "PASSWORD_RESET_URL");
    auto http = smtp;
    http["SMTP_URL"] = "http://mail.example";
    refused(http, "SMTP_URL");
    auto bad = smtp;
    bad["MAILER"] = "sendmail";
    refused(bad, "MAILER");
    bad = smtp;
    bad["SMTP_STARTTLS"] = "maybe";
    refused(bad, "SMTP_STARTTLS");
}
