#include "adapters/http/server/media_types.hpp"

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
    if (ext == "html") return "text/html; charset=utf-8";
    if (ext == "js") return "text/javascript; charset=utf-8";
    if (ext == "css") return "text/css; charset=utf-8";
    if (ext == "json") return "application/json; charset=utf-8";
    if (ext == "woff2") return "font/woff2";
    return "application/octet-stream";
}

}  // namespace ll::http
