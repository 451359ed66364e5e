#pragma once
// One way to declare a route of either API: its method and paths, whether it needs the API's
// token (the access policy), what body it takes, where it runs, and a handler that sees a Call:
// the request with what the policies established (caller, path ids, JSON body). The checks run in
// one order on every route: token (401/403, on the I/O thread before any body is read when one
// is coming), the account's standing (401/403), the path id (404), the body (400).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/http/api/access_policy.hpp"
#include "adapters/http/server/router.hpp"
#include "core/domain/loose_value.hpp"

namespace ll::http {

// `token`: the API's access policy. `admin`: that, and the caller may do maintenance
// (AccessPolicy::check_maintainer), checked after the token and again after the standing.
enum class Auth { open, token, admin };
// `json`: a JSON object, else 400 Invalid JSON body. `none`: the body is not looked at (raw
// uploads read request.body themselves).
enum class Body { none, json };

struct Call {
    Request& request;
    Id id = 0;        // the path's `:id`, on routes that have one
    Id word_id = 0;   // the path's `:word_id` (a link's word: .../words/:word_id)
    LooseValue body;  // Body::json: an object
    // The caller, on token and admin routes (nullopt: a development token).
    std::optional<Id> user_id;

    // One field of the JSON body as the core reads it (missing when absent).
    const LooseValue& field(std::string_view name) const { return body[name]; }
    // The whole JSON body, the query string as core values.
    const LooseValue& loose_body() const { return body; }
    LooseValue query() const;
    std::optional<std::string> query(const char* key) const;
    // The learner's token claims (Auth::token on the learner API only).
    const TokenClaims& claims() const { return request.claims.value(); }
};

using CallHandler = std::function<Response(Call&)>;

struct Endpoint {
    std::string method;
    std::vector<std::string> patterns;  // one route each, same handler (the spec's aliases)
    Auth auth = Auth::token;
    Body body = Body::none;
    CallHandler handle;
    Execution execution = Execution::worker;
    std::size_t max_body_bytes = 0;  // 0: the server's limit (MAX_BODY_BYTES)
    // The route's own check on the I/O thread (an address limit), after the token on token routes.
    Guard guard{};
};

class RouteBuilder {
  public:
    RouteBuilder(Router& router, std::shared_ptr<const AccessPolicy> access)
        : router_(router), access_(std::move(access)) {}
    void add(Endpoint endpoint);

  private:
    Router& router_;
    std::shared_ptr<const AccessPolicy> access_;
};

}  // namespace ll::http
