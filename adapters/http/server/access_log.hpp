#pragma once
// Logging: one JSON line per request on stdout (the access log), everything else through
// spdlog's default logger on stderr, as text lines or (LOG_FORMAT=json) JSON lines. LOG_LEVEL
// sets both.
#include <optional>
#include <string>

#include "core/domain/types.hpp"

namespace ll::http {

enum class LogFormat { text, json };

void configure_logging(const std::string& level, LogFormat format = LogFormat::text);
void log_access(const std::string& request_id, const std::string& method, const std::string& route,
                int status, double duration_ms, std::optional<Id> user_id);

}  // namespace ll::http
