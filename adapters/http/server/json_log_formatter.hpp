#pragma once
// The service's own messages as JSON lines (LOG_FORMAT=json, docs/configuration.md), the shape of
// the access log: {"time":"2026-12-06T03:12:45.123Z","level":"warn","logger":"langlearn",
// "message":"..."}. One line per message whatever it holds (newlines and control characters
// escaped), so a log collector never splits or mangles one.
#include <memory>

#include <spdlog/formatter.h>

namespace ll::http {

class JsonLogFormatter final : public spdlog::formatter {
  public:
    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override;
    std::unique_ptr<spdlog::formatter> clone() const override;
};

}  // namespace ll::http
