#include "apps/common/service_runner.hpp"

#include "apps/common/build_info.hpp"

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <sys/resource.h>

#include <spdlog/spdlog.h>

#include "adapters/http/server/access_log.hpp"
#include "adapters/http/server/operational_routes.hpp"
#include "adapters/http/server/process_metrics.hpp"
#include "adapters/http/server/server.hpp"
#include "apps/common/allocator_tuning.hpp"
#include "apps/common/media_store_choice.hpp"

namespace ll::app {
namespace {

http::ServerOptions server_options(const ServiceConfig& config, ServiceKind kind) {
    http::ServerOptions options;
    options.host = config.host;
    options.port = config.port;
    options.io_threads = config.threads;
    // A benchmarking switch (docs/architecture.md "HTTP server and threading"), not part of the
    // configuration contract: the shared io_context is the measured default.
    if (const char* per_thread = std::getenv("LL_IO_CONTEXT_PER_THREAD"))
        options.io_context_per_thread = std::string_view(per_thread) == "1";
    options.worker_threads = config.db_pool_size;
    options.media_threads = config.media_pool_size;  // one per media session
    options.cpu_heavy_threads = config.threads;      // argon2id: at most one hash per core
    options.max_queued_requests = config.max_queued_requests;
    options.max_queued_hashes = config.max_queued_hashes;
    options.max_body_bytes = config.max_body_bytes;
    options.max_header_bytes = config.max_header_bytes;
    options.read_timeout = std::chrono::seconds(config.read_timeout_seconds);
    options.idle_timeout = std::chrono::seconds(config.idle_timeout_seconds);
    options.max_connections = config.max_connections;
    options.shutdown_grace = std::chrono::seconds(config.shutdown_grace_seconds);
    options.cors_origins = config.cors_origins;
    // The learner API speaks the learner's language; the staff API keeps its messages as
    // written (the studio shows them as they are: docs/accounts.md "Languages of messages and
    // labels").
    options.localize_errors = kind == ServiceKind::learner;
    return options;
}

// Every connection is a file descriptor. Soft limits are often 1,024 (systemd, containerd)
// while the hard limit allows far more: take the hard limit, and say so when MAX_CONNECTIONS
// still does not fit (the server then backs off on accept errors instead of serving them).
void raise_descriptor_limit(const ServiceConfig& config) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
    if (limit.rlim_cur < limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    constexpr rlim_t kReserve = 64;  // database sessions, media files, logs
    const auto wanted = static_cast<rlim_t>(config.max_connections) + kReserve;
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted) {
        spdlog::warn(
            "open file limit {} is below MAX_CONNECTIONS {} + {}: raise `ulimit -n` "
            "(or the container's nofile limit)",
            static_cast<unsigned long long>(limit.rlim_cur), config.max_connections,
            static_cast<unsigned long long>(kReserve));
    }
}

}  // namespace

int run_service(const char* name, ServiceKind kind,
                const std::function<void(Service&)>& add_routes) {
    tune_allocator();  // before any thread starts
    ServiceConfig config;
    // ServiceKind::admin leaves JWT_SECRET optional: no service may start on it.
    if (kind == ServiceKind::admin) {
        std::fprintf(stderr, "%s: not a service configuration\n", name);
        return 2;
    }
    try {
        config = load_config(kind, process_environment());
    } catch (const ConfigError& e) {
        std::fprintf(stderr, "%s: %s\n", name, e.what());
        return 2;
    }
    http::configure_logging(config.log_level,
                            config.log_json ? http::LogFormat::json : http::LogFormat::text);
    raise_descriptor_limit(config);
    try {
        SystemClock clock(config.app_timezone);
        SqlBackend storage(
            SqlBackendOptions{config.database_url, config.db_pool_size, config.auto_migrate});
        JwtTokenService tokens(config.jwt_secret, config.jwt_expires_in_seconds);
        const auto media_store = open_media_store(config);
        MediaStore& media = *media_store;

        http::Metrics metrics;
        metrics.add_gauge("langlearn_db_pool_size", "Database sessions in the pool.",
                          [&storage] { return double(storage.pool_stats().size); });
        metrics.add_gauge("langlearn_db_pool_in_use", "Database sessions in use.",
                          [&storage] { return double(storage.pool_stats().in_use); });
        metrics.add_gauge("langlearn_db_pool_waiting", "Threads waiting for a database session.",
                          [&storage] { return double(storage.pool_stats().waiting); });
        http::add_process_metrics(metrics);
        metrics.add_info("langlearn_build_info",
                         "The running build: 1, with its version, revision and service.",
                         {{"version", kVersion}, {"revision", kRevision}, {"service", name}});
        http::Router router;
        BackgroundTasks background;
        Service service{config, clock, storage, tokens, media, metrics, router, background};
        add_routes(service);
        http::add_operational_routes(router, storage, metrics, media);

        http::Server server(server_options(config, kind), std::move(router), metrics);
        server.start();
        spdlog::info(
            "{} listening on {}:{} ({} database, {} I/O threads, {} workers, media in the {}, "
            "zone {})",
            name, config.host, server.port(), storage.dialect(), config.threads,
            config.db_pool_size, config.media_in_database ? "database" : "folder",
            config.app_timezone);
        server.run_until_signal();
        background.stop();
        spdlog::info("{} stopped", name);
        return 0;
    } catch (const DatabaseUnavailable&) {
        spdlog::error("{}: the database at DATABASE_URL cannot be reached", name);
        return 1;
    } catch (const std::exception& e) {
        spdlog::error("{}: {}", name, e.what());
        return 1;
    }
}

}  // namespace ll::app
