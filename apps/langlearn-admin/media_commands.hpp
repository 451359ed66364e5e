#pragma once
// langlearn-admin's media commands (docs/operations.md "Media"): migrate-media copies a media
// folder into the database store; check-media says whether every file the content references
// is in the configured store (the restore drill's last check).
#include <string>

#include "adapters/config/service_config.hpp"

namespace ll::app {

// Exit codes: 0 done, 1 a file failed or a referenced one is missing, 2 misuse.
int migrate_media_command(const ServiceConfig& config, const std::string& from_dir);
int check_media_command(const ServiceConfig& config);

}  // namespace ll::app
