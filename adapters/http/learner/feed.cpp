// GET /feed: the cards a learner practises next (docs/spec/service.md), with an ETag the app
// revalidates (api/revalidation.hpp).
#include "adapters/http/api/answers.hpp"
#include "adapters/http/api/revalidation.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/get_feed.hpp"

namespace ll::http::learner {

void add_feed_routes(RouteBuilder& routes, LearnerPorts p) {
    routes.add({"GET", {"/feed"}, Auth::token, Body::none, [p](Call& c) mutable {
                    return revalidated(c.request,
                                       answer(get_feed(p, c.claims().user_id,
                                                       FeedInput{c.query("lang"), c.query("limit"),
                                                                 c.query("after")})));
                }});
}

}  // namespace ll::http::learner
