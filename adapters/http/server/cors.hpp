#pragma once
// CORS for browser clients on other origins (CORS_ORIGINS, docs/configuration.md): preflight
// answers and the allowed origin echoed on answers. An empty list sends no CORS header at all.
#include <optional>
#include <string>
#include <vector>

#include "adapters/http/server/message.hpp"
#include "adapters/http/server/router.hpp"

namespace ll::http {

// The request's Origin when the list allows it ("*" allows any).
std::optional<std::string> allowed_origin(const Request& request,
                                          const std::vector<std::string>& origins);

// The answer to a preflight (OPTIONS with Access-Control-Request-Method from an allowed origin):
// 204 with the methods the path takes; nullopt for any other request.
std::optional<Response> cors_preflight(const Request& request,
                                       const std::vector<std::string>& origins,
                                       const Router& router);

}  // namespace ll::http
