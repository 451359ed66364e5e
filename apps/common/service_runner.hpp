#pragma once
// What learner-api and authoring-api share (docs/spec/decisions.md 1: the two servers share
// everything but their route tables): configuration, logging, clock, database, tokens, media,
// metrics, the operational routes, the HTTP server and graceful shutdown. Each main only adds
// routes.
#include <functional>

#include "adapters/clock/system_clock.hpp"
#include "adapters/config/service_config.hpp"
#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/router.hpp"
#include "adapters/persistence/sql_backend.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "apps/common/background_tasks.hpp"
#include "core/ports/media_store.hpp"

namespace ll::app {

struct Service {
    const ServiceConfig& config;
    const SystemClock& clock;
    SqlBackend& storage;
    JwtTokenService& tokens;
    MediaStore& media;  // MEDIA_STORE: a folder or the database
    http::Metrics& metrics;
    http::Router& router;
    BackgroundTasks& background;  // stopped before the database closes
};

// Runs a service until SIGTERM/SIGINT; the process's exit code. A bad configuration stops it
// with one line naming the variable (exit 2); an unreachable database or a failed start, 1.
int run_service(const char* name, ServiceKind kind,
                const std::function<void(Service&)>& add_routes);

}  // namespace ll::app
