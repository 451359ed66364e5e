#include "adapters/http/server/router.hpp"

#include <set>

namespace ll::http {
void Router::add(Route route) {
    if (route.name.empty()) route.name = route.pattern;
    routes_.push_back(std::move(route));
}

// Walks pattern and path segment by segment without allocating: every request is matched
// against the route table (twice: for the body limit, then for the handler).
bool Router::path_matches(std::string_view pattern, std::string_view path,
                          std::map<std::string, std::string>* params) {
    if (path.empty() || path[0] != '/' || pattern.empty()) return false;
    std::map<std::string, std::string> captured;
    std::size_t at_pattern = 1, at_path = 1;  // both start with '/'
    for (;;) {
        const auto pattern_end = pattern.find('/', at_pattern);
        const auto path_end = path.find('/', at_path);
        const std::string_view want = pattern.substr(
            at_pattern,
            pattern_end == std::string_view::npos ? pattern_end : pattern_end - at_pattern);
        const std::string_view have = path.substr(
            at_path, path_end == std::string_view::npos ? path_end : path_end - at_path);
        if (!want.empty() && want[0] == ':') {
            if (have.empty()) return false;
            if (params) captured[std::string(want.substr(1))] = std::string(have);
        } else if (want != have) {
            return false;
        }
        const bool pattern_done = pattern_end == std::string_view::npos;
        if (pattern_done != (path_end == std::string_view::npos)) return false;  // lengths differ
        if (pattern_done) break;
        at_pattern = pattern_end + 1;
        at_path = path_end + 1;
    }
    if (params) *params = std::move(captured);
    return true;
}

RouteMatch Router::match(Request& request) const {
    std::set<std::string> methods;
    const Route* get = nullptr;
    for (const auto& route : routes_) {
        if (!path_matches(route.pattern, request.path, nullptr)) continue;
        if (route.method == request.method) {
            path_matches(route.pattern, request.path, &request.params);
            return RouteMatch{&route, {}};
        }
        if (route.method == "GET") {
            get = &route;
            methods.insert("HEAD");  // every GET route answers HEAD (RFC 9110 9.3.2)
        }
        methods.insert(route.method);
    }
    if (get && request.method == "HEAD") {
        path_matches(get->pattern, request.path, &request.params);
        return RouteMatch{get, {}};
    }
    std::string allow;
    for (const auto& m : methods) allow += (allow.empty() ? "" : ", ") + m;
    return RouteMatch{nullptr, allow};
}

}  // namespace ll::http
