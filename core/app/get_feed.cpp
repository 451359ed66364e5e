#include "core/app/get_feed.hpp"

#include <algorithm>
#include <limits>

#include "core/app/languages_lookup.hpp"
#include "core/app/list_languages.hpp"
#include "core/domain/rules.hpp"

namespace ll {

inline constexpr int kDefaultFeedLimit = 20;
inline constexpr int kMaxFeedLimit = 100;

namespace {

// `limit`: an integer (an optional minus and decimal digits), clamped to 1..max as
// docs/spec/decisions.md fixes, however many digits it has; nullopt for anything else.
std::optional<int> clamped_limit(std::string_view text, int max) {
    const bool negative = !text.empty() && text.front() == '-';
    if (negative) text.remove_prefix(1);
    if (text.empty() ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    if (negative) return 1;
    const auto value = decimal_in(text, 0, max);
    return value ? std::max(1, static_cast<int>(*value)) : max;  // past max: max
}

// The 400 for a code that no published language has (exact, as the feed compares it), naming
// the codes that are in the order of GET /auth/languages ("de, en, sv").
std::optional<Error> unknown_language(const std::vector<Language>& published,
                                      const std::string& code) {
    std::string codes;
    for (const auto& language : published) {
        if (language.short_en == code) return std::nullopt;
        codes += (codes.empty() ? "" : ", ") + language.short_en;
    }
    // The studio's preview answers the same words for its own lang (errors.hpp, field()).
    return errors::field("lang", errors::problem::not_one_of(codes));
}

}  // namespace

Result<FeedOutput> get_feed(const FeedPorts& ports, Id user_id, const FeedInput& input) {
    // An empty value is no value, as for `lang`; one the route does not take is a 400 naming it
    // (docs/deviations.md "Query values").
    int limit = kDefaultFeedLimit;
    if (input.limit && !input.limit->empty()) {
        const auto given = clamped_limit(*input.limit, kMaxFeedLimit);
        if (!given) return errors::field("limit", errors::problem::not_integer);
        limit = *given;
    }
    std::optional<Id> after;
    if (input.after && !input.after->empty()) {
        const auto given = decimal_in(*input.after, 0, std::numeric_limits<Id>::max());
        if (!given) return errors::field("after", errors::problem::not_pair_cursor);
        if (*given > 0) after = *given;
    }

    std::string lang = "de";
    if (input.lang && !input.lang->empty()) {
        if (const auto unknown = unknown_language(list_languages(ports), *input.lang))
            return *unknown;
        lang = *input.lang;
    } else if (const auto profile = ports.profiles.find_by_user(user_id)) {
        const auto languages = ports.languages.list_published();
        if (const Language* target = find_language(languages, profile->language_target_id)) {
            lang = target->short_en;
        }
    }

    FeedOutput out;
    out.items = ports.feed.page(lang, after, limit);
    if (static_cast<int>(out.items.size()) == limit) out.next_after = out.items.back().pair_id;
    return out;
}

}  // namespace ll
