#pragma once
// Logging: one JSON line per request on stdout (the access log), everything else through
// spdlog's default logger on stderr. LOG_LEVEL sets both.
#include <optional>
#include <string>

#include "core/domain/types.hpp"

namespace ll::http {

void configure_logging(const std::string& level);
void log_access(const std::string& request_id, const std::string& method, const std::string& route,
                int status, double duration_ms, std::optional<Id> user_id);

}  // namespace ll::http
