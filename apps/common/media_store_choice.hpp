#pragma once
// The media store the configuration names (MEDIA_STORE; docs/operations.md "Media"): the folder
// MEDIA_DIR, or media_files in DATABASE_URL's database with MEDIA_POOL_SIZE sessions of its own.
// The services and langlearn-admin open it alike.
#include <memory>

#include "adapters/config/service_config.hpp"
#include "core/ports/media_store.hpp"

namespace ll::app {

// Throws as the store's constructor does (a folder it cannot make, a database it cannot reach).
std::unique_ptr<MediaStore> open_media_store(const ServiceConfig& config);

}  // namespace ll::app
