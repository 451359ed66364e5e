// GET /auth/languages: the list changes only by migration (docs/spec/decisions.md 9), so its body
// is made once per process and served from memory on the I/O thread; clients
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

// The body, made on first use and then shared by every request.
class LanguagesAnswer {
  public:
    template <typename Make>
    const std::string& get(Make&& make) {
        std::call_once(once_, [&] { body_ = make(); });
        return body_;
    }

  private:
    std::once_flag once_;
    std::string body_;
};

}  // namespace

void add_language_routes(RouteBuilder& routes, LearnerPorts p) {
    auto languages = std::make_shared<LanguagesAnswer>();
    routes.add({"GET",
                {"/auth/languages"},
                Auth::open,
                Body::none,
                [p, languages](Call& c) mutable {
                    Response res;
                    res.body = languages->get([&] { return to_text(to_json(list_languages(p))); });
                    return revalidated(c.request, std::move(res), "no-cache");
                },
                Execution::inline_io});
}

}  // namespace ll::http::learner
