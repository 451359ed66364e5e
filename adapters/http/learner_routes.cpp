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

// Wraps a handler that needs the learner's token: 401 before anything else is read.
template <typename F>
Handler with_user(LearnerPorts ports, F handler) {
    return [ports, handler](Request& request) mutable {
        const auto claims =
            authenticate(ports.tokens, ports.clock, request.header("authorization"));
        if (!claims) return error_response(claims.error());
        Response response = handler(request, claims.value());
        response.user_id = claims->user_id;
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

// The register/login limits of decisions.md 10, shared by both routes.
struct AuthLimits {
    explicit AuthLimits(const RateLimits& l)
        : trusted_proxies(l.trusted_proxies),
          per_address(l.auth_rate_per_minute, std::chrono::minutes{1}),
          failures_per_email(l.login_failures_per_email, std::chrono::minutes{15}) {}
    std::vector<std::string> trusted_proxies;
    SlidingWindow per_address;
    SlidingWindow failures_per_email;
};

// Counts the request against its client address before anything else; 429 over the limit.
template <typename F>
Handler with_address_limit(std::shared_ptr<AuthLimits> limits, const Clock& clock, F handler) {
    return [limits, &clock, handler](Request& request) mutable {
        const std::string address = client_address(
            request.client_address, request.header("x-forwarded-for"), limits->trusted_proxies);
        if (const auto wait = limits->per_address.take(address, clock.now()))
            return error_response(errors::too_many_requests(*wait));
        return handler(request);
    };
}

std::string email_key(const LooseValue& email) {
    return email.kind == LooseValue::Kind::string ? normalize_email(email.string) : std::string();
}

}  // namespace

void add_learner_routes(Router& router, LearnerPorts p, Metrics& metrics, RateLimits rate_limits) {
    auto limits = std::make_shared<AuthLimits>(rate_limits);
    router.add(Route{"POST",
                     "/auth/register",
                     {},
                     with_address_limit(limits, p.clock,
                                        with_body([p, &metrics](const json::object& body) mutable {
                                            auto result = register_user(
                                                p, RegisterInput{loose_field(body, "email"),
                                                                 loose_field(body, "password")});
                                            if (result)
                                                metrics.increment("langlearn_registrations_total");
                                            return answer(201, result);
                                        })),
                     Execution::cpu_heavy});
    router.add(Route{
        "POST",
        "/auth/login",
        {},
        with_address_limit(
            limits, p.clock, with_body([p, limits, &metrics](const json::object& body) mutable {
                LoginInput input{loose_field(body, "email"), loose_field(body, "password")};
                // Too many failed logins for this e-mail: 429 without trying the password.
                const std::string email = email_key(input.email);
                if (!email.empty()) {
                    if (const auto wait =
                            limits->failures_per_email.blocked(email, p.clock.now())) {
                        metrics.increment("langlearn_logins_total", "outcome", "429");
                        return error_response(errors::too_many_requests(*wait));
                    }
                }
                auto result = login(p, std::move(input));
                metrics.increment("langlearn_logins_total", "outcome",
                                  result ? "success" : std::to_string(result.error().status));
                if (!result && result.error().status == 401 && !email.empty())
                    limits->failures_per_email.record(email, p.clock.now());
                Response r = answer(200, result);
                if (result) r.user_id = result->id;
                return r;
            })),
        Execution::cpu_heavy});
    // The list changes only by migration (decisions.md 9): its body and ETag are made once per
    // process and served from memory on the I/O thread; clients revalidate with If-None-Match.
    // (The first request reads the database there once.)
    auto languages = std::make_shared<LanguagesAnswer>();
    router.add(Route{"GET",
                     "/auth/languages",
                     {},
                     [p, languages](Request& r) mutable {
                         const LanguagesAnswer::Ready& a = languages->get(
                             [&] { return json::serialize(to_json(list_languages(p))); });
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
    router.add(Route{"GET",
                     "/auth/check-username",
                     {},
                     with_user(p, [p](Request& r, const TokenClaims&) mutable {
                         const auto result = check_username(p, query(r, "username"));
                         return result
                                    ? json_ok(200, json::object{{"available", result->available}})
                                    : error_response(result.error());
                     })});
    router.add(
        Route{"GET", "/auth/me", {}, with_user(p, [p](Request&, const TokenClaims& c) mutable {
                  return answer(200, get_me(p, c.user_id));
              })});
    router.add(Route{
        "POST",
        "/auth/profile",
        {},
        with_user(p, with_body([p](const json::object& body, const TokenClaims& c) mutable {
                      return answer(
                          201, create_profile(p, c.user_id,
                                              CreateProfileInput{loose_field(body, "username"),
                                                                 loose_field(body, "nativeLang"),
                                                                 loose_field(body, "targetLang")}));
                  }))});
    router.add(Route{
        "POST",
        "/auth/progress",
        {},
        with_user(p, [p, &metrics](Request& request, const TokenClaims& c) mutable {
            // decisions.md 11: retries with the key replay the first answer (kept in the
            // database with the booking); an empty header counts as none.
            std::optional<std::string> key;
            if (const auto header = request.header("idempotency-key"); header && !header->empty())
                key = std::string(*header);
            return with_body([&](const json::object& body) {
                auto result = book_progress(
                    p, c.user_id,
                    BookProgressInput{loose_field(body, "pair_id"), loose_field(body, "correct"),
                                      loose_field(body, "points"), std::move(key)});
                if (result) metrics.increment("langlearn_bookings_total");
                return answer(200, result);
            })(request);
        })});
    router.add(Route{
        "GET", "/auth/achievements", {}, with_user(p, [p](Request&, const TokenClaims& c) mutable {
            return json_ok(200, to_json(list_achievements(p, c.user_id)));
        })});
    router.add(
        Route{"GET", "/auth/stats", {}, with_user(p, [p](Request&, const TokenClaims& c) mutable {
                  const Stats stats = get_stats(p, c.user_id);
                  return json_ok_in_arena(
                      200, [&](json::storage_ptr storage) { return to_json(stats, storage); });
              })});
    router.add(Route{
        "PUT",
        "/auth/goal",
        {},
        with_user(
            p, with_body([p](const json::object& body, const TokenClaims& c) mutable {
                const auto result = set_goal(p, c.user_id, loose_field(body, "daily_goal_ep"));
                return result ? json_ok(200, json::object{{"daily_goal_ep", result->daily_goal_ep}})
                              : error_response(result.error());
            }))});
    router.add(Route{
        "GET", "/feed", {}, with_user(p, [p](Request& r, const TokenClaims& c) mutable {
            return json_ok(200, to_json(get_feed(p, c.user_id,
                                                 FeedInput{query(r, "lang"), query(r, "limit"),
                                                           query(r, "after")})));
        })});
}

}  // namespace ll::http
