// Request decoding of every learner-api route (docs/testing.md "Fuzzing"): the real route table
// over the in-memory adapters, a fresh world per input so a saved input replays exactly. The
// handler is called like the server calls it (fuzz/support/route_call.hpp).
//
// Input: byte 0 picks the route (every route of the table, the operational ones included),
// byte 1 flags, then the query string up to the first '\n', then the body.
//   flag 1: an Idempotency-Key header, and the request is sent twice;
//   flag 2: the key is the query line instead of a fixed one (its validation is fuzzed too).
// Beyond route_call's checks: a retried POST /auth/progress with the same (non-empty) key gets
// exactly the first answer again (docs/spec/decisions.md 11), whatever the body.
#include <cstddef>
#include <cstdint>

#include "fuzz/support/check.hpp"
#include "fuzz/support/learner_world.hpp"
#include "fuzz/support/route_call.hpp"

using namespace ll;
using namespace ll::fuzz;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    fail_on_logged_errors();
    list_routes_if_asked(LearnerWorld().router);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    RouteInput in;
    if (!split_route_input(data, size, in)) return 0;
    LearnerWorld world;
    const auto& routes = world.router.routes();
    const http::Route& route = routes[in.route % routes.size()];

    std::vector<std::pair<std::string, std::string>> headers{
        {"content-type", "application/json"}, {"authorization", world.authorization}};
    const bool retry = in.flags & 1;
    const std::string key = in.flags & 2 ? std::string(in.query) : "retry-1";
    if (retry) headers.emplace_back("idempotency-key", key);
    const http::Response first =
        call_route(world.router, route, in.query, std::string(in.body), headers);
    if (!retry) return 0;
    const http::Response again =
        call_route(world.router, route, in.query, std::string(in.body), headers);
    // An empty key counts as none (docs/spec/decisions.md 11): then the retry is a second booking.
    if (route.pattern == "/auth/progress" && !key.empty() &&
        (again.status != first.status || again.body != first.body)) {
        fail("a retry with the same Idempotency-Key got another answer",
             std::to_string(first.status) + " " + first.body + " then " +
                 std::to_string(again.status) + " " + again.body);
    }
    return 0;
}
