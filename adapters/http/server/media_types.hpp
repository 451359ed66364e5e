#pragma once
// The Content-Type of a file the services serve, from its name's extension: media files (images,
// audio) and the studio's page files. Anything else is application/octet-stream. And what a
// request's Content-Type says.
#include <optional>
#include <string_view>

namespace ll::http {

std::string_view media_type_of(std::string_view name);

// True when a request's Content-Type (absent: nullopt) is `application/json`, in any case and
// with any parameters (`; charset=utf-8`; JSON is UTF-8 whatever they say, RFC 8259).
bool is_json_media_type(std::optional<std::string_view> content_type);

}  // namespace ll::http
