#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/domain/result.hpp"
#include "core/ports/feed.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// What GET /feed uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct FeedPorts {
    FeedQuery& feed;
    LanguageRepository& languages;
    ProfileRepository& profiles;
    template <typename From>
    FeedPorts(const From& from)  // implicit on purpose: callers pass their own ports
        : feed(from.feed), languages(from.languages), profiles(from.profiles) {}
};

struct FeedInput {
    std::optional<std::string> lang;   // default: learner's target language, else "de"; a code
                                       // no published language has is 400
    std::optional<std::string> limit;  // raw query text; parsed, clamped to 1..100, default 20
    std::optional<std::string> after;  // raw query text; a pair id cursor
};

struct FeedOutput {
    std::vector<FeedItem> items;
    std::optional<Id> next_after;  // last item's pair id when the page is full
};

// 400 `lang must be one of de, en, sv` (the published codes) when `lang` names none of them: an
// empty page would look like "no content yet" to a client with a typo in its code.
Result<FeedOutput> get_feed(const FeedPorts& ports, Id user_id, const FeedInput& input);

}  // namespace ll
