// GET /auth/languages: the list changes only by migration (docs/spec/decisions.md 9), so its body
// and its ETag are made once per process and served from memory on the I/O thread; clients
// revalidate with If-None-Match. (The first request reads the database there once.)
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/api/revalidation.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/list_languages.hpp"

namespace ll::http::learner {
namespace {

// The body and its tag, made on first use and then shared by every request.
class LanguagesAnswer {
  public:
    struct Ready {
        std::string body;
        std::string etag;
    };
    template <typename Make>
    const Ready& get(Make&& make) {
        std::call_once(once_, [&] {
            ready_.body = make();
            ready_.etag = body_etag(ready_.body);
        });
        return ready_;
    }

  private:
    std::once_flag once_;
    Ready ready_;
};

}  // namespace

void add_language_routes(RouteBuilder& routes, LearnerPorts p) {
    auto languages = std::make_shared<LanguagesAnswer>();
    routes.add({"GET",
                {"/auth/languages"},
                Auth::open,
                Body::none,
                [p, languages](Call& c) mutable {
                    const auto& ready =
                        languages->get([&] { return to_text(to_json(list_languages(p))); });
                    Response res;
                    res.body = ready.body;
                    return revalidated_as(c.request, std::move(res), ready.etag, "no-cache");
                },
                Execution::inline_io});
}

}  // namespace ll::http::learner
