#include "adapters/http/server/access_log.hpp"

#include <cmath>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <boost/json.hpp>

#include "adapters/http/server/json_log_formatter.hpp"
#include "core/domain/time_format.hpp"

namespace ll::http {
namespace {

std::shared_ptr<spdlog::logger> access_logger() {
    static const auto logger = [] {
        auto l = spdlog::stdout_logger_mt("access");
        l->set_pattern("%v");
        return l;
    }();
    return logger;
}

}  // namespace

void configure_logging(const std::string& level, LogFormat format) {
    const auto lvl = level == "debug"   ? spdlog::level::debug
                     : level == "warn"  ? spdlog::level::warn
                     : level == "error" ? spdlog::level::err
                                        : spdlog::level::info;
    // Service messages go to stderr; stdout carries the access log alone.
    spdlog::set_default_logger(spdlog::stderr_color_mt("langlearn"));
    spdlog::set_level(lvl);
    if (format == LogFormat::json) {
        spdlog::set_formatter(std::make_unique<JsonLogFormatter>());
    } else {
        spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %l %v");
    }
    access_logger()->set_level(lvl);
}

void log_access(const std::string& request_id, const std::string& method, const std::string& route,
                int status, double duration_ms, std::optional<Id> user_id) {
    auto logger = access_logger();
    if (!logger->should_log(spdlog::level::info)) return;
    boost::json::object line{
        {"time", format_timestamp(std::chrono::time_point_cast<std::chrono::milliseconds>(
                     std::chrono::system_clock::now()))},
        {"request_id", request_id},
        {"method", method},
        {"route", route},
        {"status", status},
        {"duration_us", static_cast<std::int64_t>(std::llround(duration_ms * 1000.0))}};
    (void)0;
    if (user_id) line["user_id"] = *user_id;
    logger->info(boost::json::serialize(line));
}

}  // namespace ll::http
