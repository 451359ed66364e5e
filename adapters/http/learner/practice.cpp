// GET /auth/practice: what the learner practises next (docs/learning.md "What to practise next"),
// with an ETag the app revalidates as on GET /feed (api/revalidation.hpp); GET /auth/cards: the
// cards changed since a position (docs/learning.md "Sync").
#include "core/app/learning/practice.hpp"
#include "adapters/http/api/answers.hpp"
#include "adapters/http/api/revalidation.hpp"
#include "adapters/http/json/learning.hpp"
#include "adapters/http/learner/resources.hpp"

namespace ll::http::learner {

void add_practice_routes(RouteBuilder& routes, LearnerPorts p) {
    // GET /auth/cards: what changed since a position, for an app that syncs.
    routes.add({"GET", {"/auth/cards"}, Auth::token, Body::none, [p](Call& c) mutable {
                    return answer(
                        changed_cards(p.practice, c.claims().user_id,
                                      CardsInput{c.query("changed_after"), c.query("limit")}));
                }});
    routes.add({"GET", {"/auth/practice"}, Auth::token, Body::none, [p](Call& c) mutable {
                    return revalidated(c.request,
                                       answer(get_practice(p, c.claims().user_id,
                                                           PracticeInput{c.query("limit")})));
                }});
}

}  // namespace ll::http::learner
