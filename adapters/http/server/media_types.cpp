#include "adapters/http/server/media_types.hpp"

#include <algorithm>
#include <cctype>

#include "adapters/http/server/message.hpp"

namespace ll::http {

std::string_view media_type_of(std::string_view name) {
    const auto dot = name.rfind('.');
    const std::string_view ext = dot == std::string_view::npos ? "" : name.substr(dot + 1);
    if (ext == "png") return "image/png";
    if (ext == "jpg" || ext == "jpeg") return "image/jpeg";
    if (ext == "webp") return "image/webp";
    if (ext == "svg") return "image/svg+xml";
    if (ext == "wav") return "audio/wav";
    if (ext == "ogg" || ext == "opus") return "audio/ogg";
    if (ext == "mp3") return "audio/mpeg";
    if (ext == "m4a") return "audio/mp4";
    if (ext == "html") return "text/html; charset=utf-8";
    if (ext == "js") return "text/javascript; charset=utf-8";
    if (ext == "css") return "text/css; charset=utf-8";
    if (ext == "json") return "application/json; charset=utf-8";
    if (ext == "woff2") return "font/woff2";
    return "application/octet-stream";
}

bool is_json_media_type(std::optional<std::string_view> content_type) {
    if (!content_type) return false;
    // type "/" subtype, then parameters after the first ";" (RFC 9110 8.3.1).
    const std::string_view essence = trim_ows(content_type->substr(0, content_type->find(';')));
    constexpr std::string_view kJson = "application/json";
    return std::equal(
        essence.begin(), essence.end(), kJson.begin(), kJson.end(),
        [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

}  // namespace ll::http
