#include "adapters/http/server/accept_language.hpp"

#include <array>

#include "adapters/http/server/conditional.hpp"
#include "adapters/http/server/header_lists.hpp"
#include "core/domain/messages.hpp"

namespace ll::http {

std::optional<Lang> asked_language(std::string_view accept_language) {
    // Per language: its highest weight and where it was first listed, or refused (q=0, which
    // holds whatever region another range names: "de-CH, de;q=0" chooses no German).
    struct Listed {
        double weight = 0;
        std::size_t first = 0;
        bool refused = false;
    };
    std::array<Listed, kLangs.size()> listed{};
    std::size_t position = 0;
    for_each_weighted(accept_language, [&](std::string_view range, double q) {
        ++position;
        const auto lang = lang_from_code(range.substr(0, range.find_first_of("-_")));
        if (!lang) return;
        Listed& l = listed[static_cast<std::size_t>(*lang)];
        if (q == 0) l.refused = true;
        if (q > l.weight) {
            if (l.weight == 0) l.first = position;
            l.weight = q;
        }
    });
    std::optional<Lang> best;
    for (const Lang lang : kLangs) {
        const Listed& l = listed[static_cast<std::size_t>(lang)];
        if (l.refused || l.weight == 0) continue;
        const Listed* b = best ? &listed[static_cast<std::size_t>(*best)] : nullptr;
        if (!b || l.weight > b->weight || (l.weight == b->weight && l.first < b->first))
            best = lang;
    }
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
    // One look into the catalogue: in the asked language, or in German only to learn whether the
    // message is there. An error the catalogue holds depends on Accept-Language, asked for or
    // not (a cache must not hand one language's 404 to another). Error answers are never
    // compressed (content_coding.hpp), so the body can be made again.
    const auto asked = asked_language(request);
    Error said = *response.error;
    if (!translate(said, asked.value_or(Lang::de))) return;
    vary_on(response, "Accept-Language");
    if (!asked) return;
    response.body = error_body(said);
    response.headers.emplace_back("Content-Language", std::string(lang_code(*asked)));
}

}  // namespace ll::http
