#pragma once
// Which pairs a learner gets in GET /feed (docs/spec/service.md "Feed"), decided once: the
// memory feed applies it, the SQL feed states the same in its query, and the studio's learner
// preview (GET /api/cms/db-pairs/:id/preview) names what is missing.
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/content.hpp"

namespace ll {

// What the rule looks at for one pair and language.
struct FeedFacts {
    bool published = false;            // the pair's status
    bool picture_has_image = false;    // its picture exists and has an image
    bool statement_has_audio = false;  // its statement exists and has audio in the language
};

// Why the pair is not in the feed in `lang`, in the order of errors::feed_reason; empty: it is.
std::vector<std::string> feed_exclusions(const FeedFacts& facts, std::string_view lang);

// The statement audio the feed plays in `lang`, out of the statement's audios: the one of field
// text_<lang> first, else the one with the lowest id in that language; nullptr: none.
const Audio* feed_statement_audio(const std::vector<Audio>& audios, std::string_view lang);

// The question audio the feed plays in `lang`: the recording of the question's text_<lang> (not
// of a short answer); nullptr: none. A question's audio never keeps a pair out of the feed.
const Audio* feed_question_audio(const std::vector<Audio>& audios, std::string_view lang);

}  // namespace ll
