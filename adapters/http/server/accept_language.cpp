#include "adapters/http/server/accept_language.hpp"

#include "adapters/http/server/conditional.hpp"
#include "adapters/http/server/weighted_list.hpp"
#include "core/domain/messages.hpp"

namespace ll::http {

std::optional<Lang> asked_language(std::string_view accept_language) {
    std::optional<Lang> best;
    double best_weight = 0;
    for_each_weighted(accept_language, [&](std::string_view range, double q) {
        const auto lang = lang_from_code(range.substr(0, range.find('-')));
        if (lang && q > best_weight) {
            best = lang;
            best_weight = q;
        }
    });
    return best;
}

std::optional<Lang> asked_language(const Request& request) {
    const auto list = header_list(request, "accept-language");
    return list ? asked_language(*list) : std::nullopt;
}

void say_language(Response& response, std::optional<Lang> asked) {
    vary_on(response, "Accept-Language");
    if (asked) response.headers.emplace_back("Content-Language", std::string(lang_code(*asked)));
}

void localize_error(const Request& request, Response& response) {
    if (!response.error) return;
    const auto lang = asked_language(request);
    if (!lang) return;
    auto message = message_in(response.error->message, *lang);
    if (!message) return;
    Error said = *response.error;
    said.message = std::move(*message);
    response.body = error_body(said);
    response.headers.emplace_back("Content-Language", std::string(lang_code(*lang)));
}

}  // namespace ll::http
