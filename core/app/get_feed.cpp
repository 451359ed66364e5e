#include "core/app/get_feed.hpp"

#include <algorithm>

#include "core/app/languages_lookup.hpp"
#include "core/app/list_languages.hpp"
#include "core/domain/rules.hpp"

namespace ll {

inline constexpr int kDefaultFeedLimit = 20;
inline constexpr int kMaxFeedLimit = 100;

namespace {

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
    int limit = kDefaultFeedLimit;
    if (input.limit) {
        if (const auto parsed = js_parse_int(LooseValue::of(*input.limit))) {
            limit = static_cast<int>(std::clamp<std::int64_t>(*parsed, 1, kMaxFeedLimit));
        }
    }
    std::optional<Id> after;
    if (input.after) after = parse_pair_id(LooseValue::of(*input.after)).id;

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
