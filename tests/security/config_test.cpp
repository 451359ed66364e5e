#include <catch2/catch.hpp>

#include <map>

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

TEST_CASE("config: defaults of decisions.md section 2", "[config]") {
    const auto c = load_config(ServiceKind::learner, env({{"JWT_SECRET", kSecret}}));
    CHECK(c.database_url == "sqlite://./var/langlearn.db");
    CHECK(c.port == 8080);
    CHECK(c.host == "0.0.0.0");
    CHECK(c.jwt_expires_in_seconds == 7 * 24 * 3600);
    CHECK(c.app_timezone == "UTC");
    CHECK(c.threads >= 1);
    CHECK(c.db_pool_size == 2 * c.threads);
    CHECK(c.media_dir == "./var/media");
    CHECK(c.log_level == "info");
    CHECK(c.auto_migrate);
    CHECK(c.password_hash_memory_kib == 19456);
    CHECK(load_config(ServiceKind::authoring, env({{"JWT_SECRET", kSecret}})).port == 8081);
    const auto pg =
        load_config(ServiceKind::learner,
                    env({{"JWT_SECRET", kSecret},
                         {"DATABASE_URL", "postgres://u@h/db"},
                         {"THREADS", "3"},
                         {"JWT_EXPIRES_IN", "15m"},
                         {"DEV_TOKENS", "abcdefghijklmnopqrstuvwx, ,zyxwvutsrqponmlkjihgfedcba"}}));
    CHECK_FALSE(pg.auto_migrate);
    CHECK(pg.db_pool_size == 6);
    CHECK(pg.jwt_expires_in_seconds == 900);
    CHECK(pg.dev_tokens.size() == 2);
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
    CHECK(
        error({{"JWT_SECRET", kSecret}, {"DATABASE_URL", "mysql://x"}}).rfind("DATABASE_URL:", 0) ==
        0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"JWT_EXPIRES_IN", "7w"}}).rfind("JWT_EXPIRES_IN:", 0) ==
          0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"DEV_TOKENS", "tooshort"}}) ==
          "DEV_TOKENS: every token needs at least 24 characters");
    CHECK(error({{"JWT_SECRET", kSecret}, {"LOG_LEVEL", "loud"}}).rfind("LOG_LEVEL:", 0) == 0);
    CHECK(error({{"JWT_SECRET", kSecret}, {"PASSWORD_HASH_MEMORY_KIB", "1024"}})
              .rfind("PASSWORD_HASH_MEMORY_KIB:", 0) == 0);
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
