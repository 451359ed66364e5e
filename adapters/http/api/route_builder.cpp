#include "adapters/http/api/route_builder.hpp"

#include <charconv>

#include <boost/beast/core/string.hpp>

#include "adapters/http/json/body_parser.hpp"
#include "adapters/http/server/json_response.hpp"

namespace ll::http {
namespace {

// `:id` (or `:word_id`) in the path: a positive integer written as the API writes ids, in
// decimal digits without a leading zero; any other spelling (`07`, `+7`, `7.0`) names no
// resource (404), so one item has one URL (docs/openapi-authoring.yaml, parameter Id).
std::optional<Id> path_id(const Request& r, const char* name) {
    const auto it = r.params.find(name);
    if (it == r.params.end()) return std::nullopt;
    Id id = 0;
    const auto& s = it->second;
    if (s.empty() || s.front() == '0') return std::nullopt;  // from_chars would take "007"
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), id);
    if (ec != std::errc{} || end != s.data() + s.size() || id <= 0) return std::nullopt;
    return id;
}

bool has_header(const Response& r, std::string_view name) {
    for (const auto& [key, value] : r.headers)
        if (boost::beast::iequals(key, name)) return true;
    return false;
}

Handler checked(std::shared_ptr<const AccessPolicy> access, Auth auth, Body body,
                CallHandler handle) {
    return [access = std::move(access), auth, body, handle = std::move(handle)](Request& request) {
        Call call{request, 0, 0, {}, std::nullopt};
        if (auth != Auth::open) {
            // The guard has run on the I/O thread unless the request came without a body (or
            // from a fuzzer calling the handler directly): the same check, here.
            if (!access->token_checked(request)) {
                if (auto refused = access->check_token(request)) return error_response(*refused);
            }
            auto user = access->check_account(request);
            if (!user) return error_response(user.error());
            call.user_id = user.value();
            // With the account's current role: a demoted admin is refused here (the access
            // log names the caller, known by now).
            if (auth == Auth::admin) {
                if (auto refused = access->check_maintainer(request)) {
                    Response response = error_response(*refused);
                    response.user_id = call.user_id;
                    return response;
                }
            }
        }
        for (auto [name, out] : {std::pair{"id", &call.id}, std::pair{"word_id", &call.word_id}}) {
            if (!request.params.count(name)) continue;
            const auto id = path_id(request, name);
            if (!id) return error_response(errors::not_found());
            *out = *id;
        }
        if (body == Body::json) {
            auto object = parse_body(request.body);
            if (!object) return error_response(errors::invalid_json_body());
            call.body = std::move(*object);
        }
        Response response = handle(call);
        if (call.user_id) response.user_id = call.user_id;
        // What a caller's credentials opened is theirs alone: no cache keeps it, not even the
        // browser's (a shared computer; docs/architecture.md "Before the body").
        if (auth != Auth::open && !has_header(response, "Cache-Control"))
            response.headers.emplace_back("Cache-Control", "no-store");
        return response;
    };
}

}  // namespace

LooseValue Call::query() const {
    std::vector<std::pair<std::string, LooseValue>> members;
    for (const auto& [key, value] : request.query) members.emplace_back(key, LooseValue::of(value));
    return LooseValue::object(std::move(members));
}

std::optional<std::string> Call::query(const char* key) const {
    const auto it = request.query.find(key);
    return it == request.query.end() ? std::nullopt : std::optional<std::string>(it->second);
}

void RouteBuilder::add(Endpoint e) {
    Guard guard = std::move(e.guard);
    if (e.auth != Auth::open) {
        // The token first (and the role the token states), then the route's own check (a
        // limit), if it has one.
        guard = [access = access_, admin = e.auth == Auth::admin,
                 own = std::move(guard)](Request& request) -> std::optional<Response> {
            if (auto refused = access->check_token(request)) return error_response(*refused);
            if (admin) {
                if (auto refused = access->check_maintainer(request))
                    return error_response(*refused);
            }
            return own ? own(request) : std::nullopt;
        };
    }
    const Handler handler = checked(access_, e.auth, e.body, std::move(e.handle));
    for (auto& pattern : e.patterns) {
        router_.add(
            Route{e.method, std::move(pattern), {}, handler, e.execution, e.max_body_bytes, guard});
    }
}

}  // namespace ll::http
