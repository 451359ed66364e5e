#include "adapters/http/learner_routes.hpp"

#include <fmt/format.h>

#include "adapters/http/json_codec.hpp"
#include "adapters/http/learner_json.hpp"
#include "core/app/authenticate.hpp"
#include "core/app/check_username.hpp"
#include "core/app/get_stats.hpp"
#include "core/app/list_achievements.hpp"
#include "core/app/list_languages.hpp"
#include "core/app/set_goal.hpp"
#include "core/domain/rules.hpp"

#include <memory>
#include <mutex>

namespace ll::http {
namespace {

std::optional<std::string> query(const Request& r, const char* key) {
    const auto it = r.query.find(key);
    return it == r.query.end() ? std::nullopt : std::optional<std::string>(it->second);
}

template <typename T>
Response answer(int status, const Result<T>& result) {
    return result ? json_ok(status, to_json(result.value())) : error_response(result.error());
}

// The learner routes' token check in its two steps (core/app/authenticate.hpp).
struct LearnerAccess {
    LearnerPorts ports;
    std::shared_ptr<AccountStanding> standing;

    // On the I/O thread when the header is in: 401 before any body is read.
    Guard guard() const {
        return [tokens = &ports.tokens, clock = &ports.clock](Request& request) {
            auto claims = authenticate(*tokens, *clock, request.header("authorization"));
            if (!claims) return std::optional<Response>(error_response(claims.error()));
            request.claims = std::move(claims.value());
            return std::optional<Response>();
        };
    }
};

// Wraps a handler that needs the learner's token: the claims the guard found (a caller that ran
// no guard, like the fuzzers, gets the same check here), then the account's standing.
template <typename F>
Handler with_user(const LearnerAccess& access, F handler) {
    return [access, handler](Request& request) mutable {
        if (!request.claims) {
            if (auto refused = access.guard()(request)) return std::move(*refused);
        }
        const TokenClaims& claims = *request.claims;
        if (const auto standing = check_learner_standing(*access.standing, claims); !standing)
            return error_response(standing.error());
        Response response = handler(request, claims);
        response.user_id = claims.user_id;
        return response;
    };
}

// Wraps a handler that reads a JSON object body: 400 Invalid JSON body otherwise.
template <typename F>
auto with_body(F handler) {
    return [handler](Request& request, auto&&... rest) mutable {
        const auto body = parse_object(request.body);
        if (!body) return error_response(errors::invalid_json_body());
        return handler(*body, rest...);
    };
}

// GET /auth/languages' answer, made on first use (a failure is not kept: the next request tries
// again) and then shared by every request.
class LanguagesAnswer {
  public:
    struct Ready {
        std::string body;
        std::string etag;
    };
    template <typename Make>
    const Ready& get(Make&& make) {
        std::call_once(once_, [&] {
            std::string body = make();
            ready_ = Ready{body, fmt::format("\"{:016x}\"", std::hash<std::string>{}(body))};
        });
        return ready_;
    }

  private:
    std::once_flag once_;
    Ready ready_;
};

// The register/login limits of docs/spec/decisions.md 10, shared by both routes.
struct AuthLimits {
    AuthLimits(const RateLimits& l, const Clock& clock)
        : trusted_proxies(l.trusted_proxies),
          per_address(l.auth_rate_per_minute, std::chrono::minutes{1}),
          failed_logins(l.login_failures_per_email, clock) {}
    std::vector<std::string> trusted_proxies;
    SlidingWindow per_address;
    InProcessLoginThrottle failed_logins;
};

// Counts the request against its client address on the I/O thread, before the body is read or
// any hashing is queued; 429 over the limit.
Guard address_limit(std::shared_ptr<AuthLimits> limits, const Clock& clock) {
    return [limits, &clock](Request& request) -> std::optional<Response> {
        const std::string address = client_address(
            request.client_address, request.header("x-forwarded-for"), limits->trusted_proxies);
        if (const auto wait = limits->per_address.take(address_key(address), clock.now()))
            return error_response(errors::too_many_requests(*wait));
        return std::nullopt;
    };
}

// Register and login bodies are two short strings (an e-mail of at most 254 bytes, a password of
// at most 1,024 characters): a few KiB, whatever MAX_BODY_BYTES allows elsewhere.
constexpr std::size_t kCredentialsBodyBytes = 8 * 1024;

}  // namespace

void add_learner_routes(Router& router, LearnerPorts p, Metrics& metrics, RateLimits rate_limits,
                        std::chrono::milliseconds account_recheck) {
    auto limits = std::make_shared<AuthLimits>(rate_limits, p.clock);
    const LearnerAccess access{
        p, std::make_shared<AccountStanding>(p.accounts, p.clock, account_recheck)};
    router.add(Route{"POST",
                     "/auth/register",
                     {},
                     with_body([p, &metrics](const json::object& body) mutable {
                         auto result =
                             register_user(p, RegisterInput{loose_field(body, "email"),
                                                            loose_field(body, "password")});
                         if (result) metrics.increment("langlearn_registrations_total");
                         return answer(201, result);
                     }),
                     Execution::cpu_heavy,
                     kCredentialsBodyBytes,
                     address_limit(limits, p.clock)});
    router.add(
        Route{"POST",
              "/auth/login",
              {},
              with_body([p, limits, &metrics](const json::object& body) mutable {
                  // Too many failed logins for the account: 429 without trying the password.
                  auto result =
                      login(p, limits->failed_logins,
                            LoginInput{loose_field(body, "email"), loose_field(body, "password")});
                  metrics.increment("langlearn_logins_total", "outcome",
                                    result ? "success" : std::to_string(result.error().status));
                  Response r = answer(200, result);
                  if (result) r.user_id = result->id;
                  return r;
              }),
              Execution::cpu_heavy,
              kCredentialsBodyBytes,
              address_limit(limits, p.clock)});
    // The list changes only by migration (docs/spec/decisions.md 9): its body and ETag are made
    // once per process and served from memory on the I/O thread; clients revalidate with
    // If-None-Match. (The first request reads the database there once.)
    auto languages = std::make_shared<LanguagesAnswer>();
    router.add(Route{"GET",
                     "/auth/languages",
                     {},
                     [p, languages](Request& r) mutable {
                         const LanguagesAnswer::Ready& a =
                             languages->get([&] { return to_text(to_json(list_languages(p))); });
                         Response res;
                         res.headers.emplace_back("ETag", a.etag);
                         res.headers.emplace_back("Cache-Control", "no-cache");
                         if (r.header("if-none-match") == std::optional<std::string_view>(a.etag)) {
                             res.status = 304;
                             res.content_type.clear();
                         } else {
                             res.body = a.body;
                         }
                         return res;
                     },
                     Execution::inline_io});
    router.add(Route{
        "GET",
        "/auth/check-username",
        {},
        with_user(access,
                  [p](Request& r, const TokenClaims&) mutable {
                      const auto result = check_username(p, query(r, "username"));
                      return result ? json_ok(200, json::object{{"available", result->available}})
                                    : error_response(result.error());
                  }),
        Execution::worker,
        0,
        access.guard()});
    router.add(Route{"GET",
                     "/auth/me",
                     {},
                     with_user(access,
                               [p](Request&, const TokenClaims& c) mutable {
                                   return answer(200, get_me(p, c.user_id));
                               }),
                     Execution::worker,
                     0,
                     access.guard()});
    router.add(Route{
        "POST",
        "/auth/profile",
        {},
        with_user(access, with_body([p](const json::object& body, const TokenClaims& c) mutable {
                      return answer(
                          201, create_profile(p, c.user_id,
                                              CreateProfileInput{loose_field(body, "username"),
                                                                 loose_field(body, "nativeLang"),
                                                                 loose_field(body, "targetLang")}));
                  })),
        Execution::worker,
        0,
        access.guard()});
    router.add(Route{"POST",
                     "/auth/progress",
                     {},
                     with_user(access,
                               [p, &metrics](Request& request, const TokenClaims& c) mutable {
                                   // docs/spec/decisions.md 11: retries with the key replay the
                                   // first answer (kept in the database with the booking); an empty
                                   // header counts as none.
                                   std::optional<std::string> key;
                                   if (const auto header = request.header("idempotency-key");
                                       header && !header->empty())
                                       key = std::string(*header);
                                   return with_body([&](const json::object& body) {
                                       auto result = book_progress(
                                           p, c.user_id,
                                           BookProgressInput{loose_field(body, "pair_id"),
                                                             loose_field(body, "correct"),
                                                             loose_field(body, "points"),
                                                             std::move(key)});
                                       if (result) metrics.increment("langlearn_bookings_total");
                                       return answer(200, result);
                                   })(request);
                               }),
                     Execution::worker,
                     0,
                     access.guard()});
    router.add(Route{"GET",
                     "/auth/achievements",
                     {},
                     with_user(access,
                               [p](Request&, const TokenClaims& c) mutable {
                                   return json_ok(200, to_json(list_achievements(p, c.user_id)));
                               }),
                     Execution::worker,
                     0,
                     access.guard()});
    router.add(Route{"GET",
                     "/auth/stats",
                     {},
                     with_user(access,
                               [p](Request&, const TokenClaims& c) mutable {
                                   const Stats stats = get_stats(p, c.user_id);
                                   return json_ok_in_arena(200, [&](json::storage_ptr storage) {
                                       return to_json(stats, storage);
                                   });
                               }),
                     Execution::worker,
                     0,
                     access.guard()});
    router.add(Route{
        "PUT",
        "/auth/goal",
        {},
        with_user(
            access, with_body([p](const json::object& body, const TokenClaims& c) mutable {
                const auto result = set_goal(p, c.user_id, loose_field(body, "daily_goal_ep"));
                return result ? json_ok(200, json::object{{"daily_goal_ep", result->daily_goal_ep}})
                              : error_response(result.error());
            })),
        Execution::worker,
        0,
        access.guard()});
    router.add(
        Route{"GET",
              "/feed",
              {},
              with_user(access,
                        [p](Request& r, const TokenClaims& c) mutable {
                            return json_ok(
                                200, to_json(get_feed(p, c.user_id,
                                                      FeedInput{query(r, "lang"), query(r, "limit"),
                                                                query(r, "after")})));
                        }),
              Execution::worker,
              0,
              access.guard()});
}

}  // namespace ll::http
