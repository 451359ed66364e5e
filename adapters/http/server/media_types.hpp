#pragma once
// The Content-Type of a file the services serve, from its name's extension: media files (images,
// audio) and the studio's page files. Anything else is application/octet-stream.
#include <string_view>

namespace ll::http {

std::string_view media_type_of(std::string_view name);

}  // namespace ll::http
