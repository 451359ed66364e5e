#pragma once
// Routes every service has: /livez and /healthz, /readyz, /metrics, /media/<name>.
#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/router.hpp"
#include "core/ports/media_store.hpp"
#include "core/ports/storage_backend.hpp"

namespace ll::http {

// `media` must outlive the router's server.
void add_operational_routes(Router& router, StorageBackend& storage, Metrics& metrics,
                            const MediaStore& media);

}  // namespace ll::http
