#include "fuzz/support/route_call.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>

#include <boost/json.hpp>

#include "adapters/http/server/request_target.hpp"
#include "fuzz/support/check.hpp"

namespace ll::fuzz {
namespace {

// The route's path with every `:name` segment replaced by `id`.
std::string concrete_path(const std::string& pattern, std::string_view id) {
    std::string out;
    for (std::size_t i = 0; i < pattern.size();) {
        if (pattern[i] == ':' && i > 0 && pattern[i - 1] == '/') {
            out += id;
            while (i < pattern.size() && pattern[i] != '/') ++i;
        } else {
            out += pattern[i++];
        }
    }
    return out;
}

// The route `method pattern` of the table; fails when there is none.
const http::Route& find_route(const http::Router& router, std::string_view method,
                              std::string_view pattern) {
    for (const auto& route : router.routes()) {
        if (route.method == method && route.pattern == pattern) return route;
    }
    fail("no such route", std::string(method) + " " + std::string(pattern));
}

}  // namespace

bool split_route_input(const std::uint8_t* data, std::size_t size, RouteInput& out) {
    if (size < 2) return false;
    out.route = data[0];
    out.flags = data[1];
    const std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);
    const auto newline = rest.find('\n');
    out.query = rest.substr(0, newline);
    out.body = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);
    return true;
}

void list_routes_if_asked(const http::Router& router) {
    if (!std::getenv("LL_FUZZ_LIST_ROUTES")) return;
    const auto& routes = router.routes();
    for (std::size_t i = 0; i < routes.size(); ++i)
        std::printf("%zu %s %s\n", i, routes[i].method.c_str(), routes[i].pattern.c_str());
    std::exit(0);
}

http::Response must_succeed(const http::Router& router, std::string_view method,
                            std::string_view pattern, std::string body,
                            const std::string& authorization) {
    std::vector<std::pair<std::string, std::string>> headers{{"content-type", "application/json"}};
    if (!authorization.empty()) headers.emplace_back("authorization", authorization);
    http::Response r =
        call_route(router, find_route(router, method, pattern), {}, std::move(body), headers);
    if (r.status < 200 || r.status > 299) {
        fail("setup request failed", std::string(method) + " " + std::string(pattern) + " -> " +
                                         std::to_string(r.status) + " " + r.body);
    }
    return r;
}

http::Response call_route(const http::Router& router, const http::Route& route,
                          std::string_view query, std::string body,
                          std::vector<std::pair<std::string, std::string>> headers,
                          std::string_view id) {
    http::Request request;
    request.method = route.method;
    std::string target = concrete_path(route.pattern, id);
    if (!query.empty()) target += "?" + std::string(query);
    http::split_target(target, request);
    request.headers = std::move(headers);
    request.body = std::move(body);
    request.request_id = "fuzz";
    request.client_address = "127.0.0.1";
    const http::RouteMatch match = router.match(request);
    if (match.route != &route)
        fail("the route table does not route its own pattern", route.pattern);

    http::Response response;
    try {
        response = route.handler(request);
    } catch (const std::exception& e) {
        fail("exception escaped the handler of " + route.method + " " + route.pattern, e.what());
    } catch (...) {
        fail("non-standard exception escaped the handler", route.pattern);
    }
    if (verbose()) {
        std::fprintf(stderr, "%s %s -> %d %s\n", route.method.c_str(), target.c_str(),
                     response.status, response.body.substr(0, 300).c_str());
    }
    if (response.status >= 500 && response.status != 502)
        fail("5xx answer from " + route.method + " " + route.pattern, response.body);
    if (response.content_type.rfind("application/json", 0) == 0) {
        boost::json::error_code ec;
        boost::json::parse(response.body, ec);
        if (ec)
            fail("invalid JSON answer from " + route.method + " " + route.pattern, response.body);
        // A NUL in an answer was taken from the request and most likely stored: PostgreSQL's text
        // cannot hold it (and libpq would cut the string there), so the API must refuse it.
        if (response.body.find("\\u0000") != std::string::npos)
            fail("NUL accepted by " + route.method + " " + route.pattern, response.body);
    }
    return response;
}

}  // namespace ll::fuzz
