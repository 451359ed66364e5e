// GET /auth/languages: the list changes only by migration (docs/spec/decisions.md 9), so its body
// and ETag are made once per process and served from memory on the I/O thread; clients
// revalidate with If-None-Match. (The first request reads the database there once.)
#include <functional>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/learner/resources.hpp"
#include "core/app/list_languages.hpp"

namespace ll::http::learner {
namespace {

// The answer, made on first use and then shared by every request.
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

}  // namespace

void add_language_routes(RouteBuilder& routes, LearnerPorts p) {
    auto languages = std::make_shared<LanguagesAnswer>();
    routes.add({"GET",
                {"/auth/languages"},
                Auth::open,
                Body::none,
                [p, languages](Call& c) mutable {
                    const LanguagesAnswer::Ready& a =
                        languages->get([&] { return to_text(to_json(list_languages(p))); });
                    Response res;
                    res.headers.emplace_back("ETag", a.etag);
                    res.headers.emplace_back("Cache-Control", "no-cache");
                    if (c.request.header("if-none-match") ==
                        std::optional<std::string_view>(a.etag)) {
                        res.status = 304;
                        res.content_type.clear();
                    } else {
                        res.body = a.body;
                    }
                    return res;
                },
                Execution::inline_io});
}

}  // namespace ll::http::learner
