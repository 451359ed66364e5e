#include "adapters/http/server/json_log_formatter.hpp"

#include <chrono>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include "core/domain/time_format.hpp"

namespace ll::http {

void JsonLogFormatter::format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) {
    const auto level = spdlog::level::to_string_view(msg.level);
    // Boost.JSON escapes quotes, backslashes and control characters, and replaces invalid UTF-8
    // nowhere: messages are built by the services from UTF-8 text.
    const boost::json::object line{
        {"time",
         format_timestamp(std::chrono::time_point_cast<std::chrono::milliseconds>(msg.time))},
        {"level", std::string_view(level.data(), level.size())},
        {"logger", std::string_view(msg.logger_name.data(), msg.logger_name.size())},
        {"message", std::string_view(msg.payload.data(), msg.payload.size())}};
    const std::string text = boost::json::serialize(line);
    dest.append(text.data(), text.data() + text.size());
    dest.push_back('\n');
}

std::unique_ptr<spdlog::formatter> JsonLogFormatter::clone() const {
    return std::make_unique<JsonLogFormatter>();
}

}  // namespace ll::http
