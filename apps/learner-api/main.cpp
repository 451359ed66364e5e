// learner-api: the composition root of the learner service (decisions.md 1).
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <spdlog/spdlog.h>

#include "adapters/clock/system_clock.hpp"
#include "adapters/config/service_config.hpp"
#include "adapters/http/access_log.hpp"
#include "adapters/http/learner_routes.hpp"
#include "adapters/http/operational_routes.hpp"
#include "adapters/http/server.hpp"
#include "adapters/persistence/sql_backend.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/security/jwt_token_service.hpp"

int main() {
    using namespace ll;
    ServiceConfig config;
    try {
        config = load_config(ServiceKind::learner, process_environment());
    } catch (const ConfigError& e) {
        std::fprintf(stderr, "learner-api: %s\n", e.what());
        return 2;
    }
    http::configure_logging(config.log_level);
    try {
        SystemClock clock(config.app_timezone);
        SqlBackend storage(
            SqlBackendOptions{config.database_url, config.db_pool_size, config.auto_migrate});
        Argon2idPasswordHasher hasher(config.password_hash_memory_kib, config.password_hash_passes);
        JwtTokenService tokens(config.jwt_secret, config.jwt_expires_in_seconds);

        http::Metrics metrics;
        metrics.add_gauge("langlearn_db_pool_size", "Database sessions in the pool.",
                          [&storage] { return double(storage.pool_stats().size); });
        metrics.add_gauge("langlearn_db_pool_in_use", "Database sessions in use.",
                          [&storage] { return double(storage.pool_stats().in_use); });
        http::Router router;
        http::add_learner_routes(
            router, make_learner_ports(storage, clock, hasher, tokens), metrics,
            http::RateLimits{config.auth_rate_per_minute, config.login_failures_per_email,
                             config.trusted_proxies});
        http::add_operational_routes(router, storage, metrics, config.media_dir);

        http::ServerOptions options;
        options.host = config.host;
        options.port = config.port;
        options.io_threads = config.threads;
        // A benchmarking switch (docs/architecture.md "HTTP server and threading"), not part
        // of the configuration contract: the shared io_context is the measured default.
        if (const char* per_thread = std::getenv("LL_IO_CONTEXT_PER_THREAD"))
            options.io_context_per_thread = std::string_view(per_thread) == "1";
        options.worker_threads = config.db_pool_size;
        options.max_body_bytes = config.max_body_bytes;
        options.max_header_bytes = config.max_header_bytes;
        options.read_timeout = std::chrono::seconds(config.read_timeout_seconds);
        options.idle_timeout = std::chrono::seconds(config.idle_timeout_seconds);
        options.max_connections = config.max_connections;
        options.shutdown_grace = std::chrono::seconds(config.shutdown_grace_seconds);
        options.cors_origins = config.cors_origins;
        http::Server server(options, std::move(router), metrics);
        server.start();
        spdlog::info(
            "learner-api listening on {}:{} ({} database, {} I/O threads, {} workers, zone {})",
            config.host, server.port(), storage.dialect(), config.threads, config.db_pool_size,
            config.app_timezone);
        server.run_until_signal();
        spdlog::info("learner-api stopped");
        return 0;
    } catch (const DatabaseUnavailable&) {
        spdlog::error("learner-api: the database at DATABASE_URL cannot be reached");
        return 1;
    } catch (const std::exception& e) {
        spdlog::error("learner-api: {}", e.what());
        return 1;
    }
}
