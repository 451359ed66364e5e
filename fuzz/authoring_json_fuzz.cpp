// Request decoding of every authoring-api route (docs/testing.md "Fuzzing"): the real route
// table over the in-memory adapters with one item of each kind, a fresh world per input so a
// saved input replays exactly. The handler is called like the server calls it
// (fuzz/support/route_call.hpp): no exception, no 500, every JSON answer valid JSON.
//
// Input: byte 0 picks the route (every route of the table), byte 1 flags, then the query
// string up to the first '\n', then the body.
//   flag 1: Content-Type image/png instead of application/json (the picture upload routes
//           take the body as the image; the JSON routes must not care).
//   flag 2: the ids in the path are 2 (no such item: the 404 paths).
//   flag 4: the query line is the Content-Type header instead (the header-driven paths: JSON or
//           upload, the declared picture type).
#include <cstddef>
#include <cstdint>

#include "fuzz/support/authoring_world.hpp"
#include "fuzz/support/check.hpp"
#include "fuzz/support/route_call.hpp"

using namespace ll;
using namespace ll::fuzz;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    fail_on_logged_errors();
    list_routes_if_asked(AuthoringWorld().router);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    RouteInput in;
    if (!split_route_input(data, size, in)) return 0;
    AuthoringWorld world;
    const auto& routes = world.router.routes();
    const http::Route& route = routes[in.route % routes.size()];
    const bool type_from_query = in.flags & 4;
    const std::string content_type = type_from_query ? std::string(in.query)
                                     : in.flags & 1  ? "image/png"
                                                     : "application/json";
    call_route(world.router, route, type_from_query ? std::string_view() : in.query,
               std::string(in.body),
               {{"content-type", content_type}, {"authorization", world.authorization}},
               in.flags & 2 ? "2" : "1");
    return 0;
}
