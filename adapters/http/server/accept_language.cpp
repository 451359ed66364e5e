#include "adapters/http/server/accept_language.hpp"

#include <array>

#include "adapters/http/server/conditional.hpp"
#include "adapters/http/server/weighted_list.hpp"
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
    // An error the catalogue holds depends on Accept-Language, asked for or not (a cache must
    // not hand one language's 404 to another); a compressed body is left as it is.
    if (!response.error || !message_in(response.error->message, Lang::de)) return;
    for (const auto& [name, value] : response.headers)
        if (name == "Content-Encoding") return;
    vary_on(response, "Accept-Language");
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
