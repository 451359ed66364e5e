#pragma once
// Routes every service has: /livez and /healthz, /readyz, /metrics, /media/<name>.
#include <string>

#include "adapters/http/metrics.hpp"
#include "adapters/http/router.hpp"
#include "core/ports/storage_backend.hpp"

namespace ll::http {

void add_operational_routes(Router& router, StorageBackend& storage, Metrics& metrics,
                            std::string media_dir);

}  // namespace ll::http
