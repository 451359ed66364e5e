// The learner's account and profile: who am I, is a username free, create the profile, set the
// daily goal (docs/spec/service.md).
#include "adapters/http/api/answers.hpp"
#include "adapters/http/learner/resources.hpp"
#include "adapters/http/server/accept_language.hpp"
#include "core/app/check_username.hpp"
#include "core/app/create_profile.hpp"
#include "core/app/get_me.hpp"
#include "core/app/learner_zone.hpp"
#include "core/app/learning/target_language.hpp"
#include "core/app/set_goal.hpp"

namespace ll::http::learner {

void add_profile_routes(RouteBuilder& routes, LearnerPorts p) {
    routes.add({"GET", {"/auth/check-username"}, Auth::token, Body::none, [p](Call& c) mutable {
                    const auto result = check_username(p, c.query("username"));
                    return result ? json_ok(200, json::object{{"available", result->available}})
                                  : error_response(result.error());
                }});
    routes.add({"GET", {"/auth/me"}, Auth::token, Body::none, [p](Call& c) mutable {
                    const auto asked = asked_language(c.request);
                    Response r = answer(get_me(p, c.claims().user_id, asked.value_or(Lang::de)));
                    if (r.status == 200) say_language(r, asked);
                    return r;
                }});
    routes.add({"POST", {"/auth/profile"}, Auth::token, Body::json, [p](Call& c) mutable {
                    return answer(with_decoded<CreateProfileRequest>(
                                      c.body,
                                      [&](const CreateProfileRequest& r) {
                                          return create_profile(p, c.claims().user_id, r);
                                      }),
                                  201);
                }});
    routes.add(
        {"PUT", {"/auth/goal"}, Auth::token, Body::json, [p](Call& c) mutable {
             const auto result = with_decoded<GoalRequest>(
                 c.body, [&](const GoalRequest& r) { return set_goal(p, c.claims().user_id, r); });
             return result ? json_ok(200, json::object{{"daily_goal_ep", result->daily_goal_ep}})
                           : error_response(result.error());
         }});
    // Another target language (docs/learning.md "Several target languages").
    routes.add(
        {"PUT", {"/auth/profile/target-language"}, Auth::token, Body::json, [p](Call& c) mutable {
             const auto result =
                 with_decoded<TargetLanguageRequest>(c.body, [&](const TargetLanguageRequest& r) {
                     return switch_target_language(p, c.claims().user_id, r);
                 });
             return result ? json_ok(200, json::object{{"targetLang", result->target_language}})
                           : error_response(result.error());
         }});
    // The learner's own time zone (docs/accounts.md "A time zone per learner").
    routes.add({"PUT", {"/auth/timezone"}, Auth::token, Body::json, [p](Call& c) mutable {
                    return answer(
                        with_decoded<TimezoneRequest>(c.body, [&](const TimezoneRequest& r) {
                            return set_timezone(p, c.claims().user_id, r);
                        }));
                }});
}

}  // namespace ll::http::learner
