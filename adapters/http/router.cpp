#include "adapters/http/router.hpp"

#include <set>

namespace ll::http {
namespace {

std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> out;
    std::size_t start = 1;  // paths start with '/'
    while (start <= path.size()) {
        const auto slash = path.find('/', start);
        const auto end = slash == std::string_view::npos ? path.size() : slash;
        out.push_back(path.substr(start, end - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    return out;
}

}  // namespace

void Router::add(Route route) {
    if (route.name.empty()) route.name = route.pattern;
    routes_.push_back(std::move(route));
}

bool Router::path_matches(const std::string& pattern, const std::string& path,
                          std::map<std::string, std::string>* params) {
    if (path.empty() || path[0] != '/') return false;
    const auto want = segments(pattern), have = segments(path);
    if (want.size() != have.size()) return false;
    std::map<std::string, std::string> captured;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (!want[i].empty() && want[i][0] == ':') {
            if (have[i].empty()) return false;
            captured[std::string(want[i].substr(1))] = std::string(have[i]);
        } else if (want[i] != have[i]) {
            return false;
        }
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

std::size_t Router::body_limit(const Request& request) const {
    for (const auto& route : routes_) {
        if (route.method == request.method && path_matches(route.pattern, request.path, nullptr))
            return route.max_body_bytes;
    }
    return 0;
}

}  // namespace ll::http
