#pragma once
// One request through a route table the way the server hands it over: the target decoded by
// split_target, the route found by Router::match, then the handler. The checks every JSON
// target shares: no exception leaves the handler (the server would answer 500 and log it), no
// 500 answer, a JSON answer is valid JSON (what a client can parse) without a NUL character
// (what PostgreSQL can store). With LL_FUZZ_VERBOSE set, every request and its answer are
// printed (to read what a saved input does).
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "adapters/http/server/router.hpp"

namespace ll::fuzz {

// The fuzz input of the route targets: byte 0 picks the route, byte 1 carries flags, then
// the query string up to the first '\n', then the body.
struct RouteInput {
    std::uint8_t route = 0;
    std::uint8_t flags = 0;
    std::string_view query;
    std::string_view body;
};
bool split_route_input(const std::uint8_t* data, std::size_t size, RouteInput& out);

// With LL_FUZZ_LIST_ROUTES set: prints "<byte 0> <method> <pattern>" for every route and
// exits (to write seeds for a route; see docs/testing.md).
void list_routes_if_asked(const http::Router& router);

// A request the world sets up before the fuzzed one: it must succeed (2xx), or the harness has
// drifted from the API and fails loudly instead of fuzzing 404s.
http::Response must_succeed(const http::Router& router, std::string_view method,
                            std::string_view pattern, std::string body,
                            const std::string& authorization);

http::Response call_route(const http::Router& router, const http::Route& route,
                          std::string_view query, std::string body,
                          std::vector<std::pair<std::string, std::string>> headers,
                          std::string_view id = "1");

}  // namespace ll::fuzz
