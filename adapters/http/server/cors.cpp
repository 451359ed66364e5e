#include "adapters/http/server/cors.hpp"

namespace ll::http {

std::optional<std::string> allowed_origin(const Request& request,
                                          const std::vector<std::string>& origins) {
    const auto origin = request.header("origin");
    if (!origin) return std::nullopt;
    for (const auto& allowed : origins) {
        if (allowed == "*" || allowed == *origin) return std::string(*origin);
    }
    return std::nullopt;
}

std::optional<Response> cors_preflight(const Request& request,
                                       const std::vector<std::string>& origins,
                                       const Router& router) {
    if (request.method != "OPTIONS" || origins.empty() || !allowed_origin(request, origins))
        return std::nullopt;
    const auto wanted = request.header("access-control-request-method");
    if (!wanted) return std::nullopt;
    Request probe = request;
    probe.method = std::string(*wanted);
    const RouteMatch match = router.match(probe);
    Response r;
    r.status = 204;
    r.content_type.clear();
    r.headers.emplace_back(
        "Access-Control-Allow-Methods",
        match.route ? probe.method : (match.allow.empty() ? "GET" : match.allow));
    // What the apps send beyond the CORS-safelisted headers: the token, JSON, a booking's key,
    // the studio's If-Match, revalidation (If-None-Match), the learner's language, a request id.
    r.headers.emplace_back("Access-Control-Allow-Headers",
                           "Accept-Language, Authorization, Content-Type, Idempotency-Key, "
                           "If-Match, If-None-Match, X-Request-Id");
    r.headers.emplace_back("Access-Control-Max-Age", "600");
    return r;
}

}  // namespace ll::http
