#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/types.hpp"

namespace ll {

struct FeedCategory {
    Id id = 0;
    std::string label;
};

// One playable file of an audio: `type` is a media type with its codec, as an app passes it to
// its player's canPlayType (docs/audio.md).
struct FeedAudioVariant {
    std::string type;
    std::string url;  // /media/<name>
    std::int64_t bytes = 0;
};

// An audio of a feed entry: its length and every file it can be played from, smallest first
// (Opus, AAC, the original WAV).
struct FeedAudio {
    std::int64_t duration_ms = 0;
    std::vector<FeedAudioVariant> variants;
};

struct FeedQuestion {
    std::optional<std::string> de, en, sv;
    std::optional<std::string> short_answer_de, short_answer_en, short_answer_se;
    // The question spoken in the feed's language, where it has been (core/domain/feed_rules.hpp
    // feed_question_audio).
    std::optional<std::string> audio_url;
    std::optional<FeedAudio> audio;
};

struct FeedItem {
    Id pair_id = 0;
    std::string answer_type;
    std::int32_t level = 1;
    std::optional<std::string> statement_de, statement_en, statement_sv;
    std::optional<FeedQuestion> question;
    // /media/<name>; always set in GET /feed, nullopt in the studio's learner preview of a pair
    // that has no picture image or statement audio yet (core/app/authoring/preview.hpp).
    std::optional<std::string> image_url;
    // The picture's phone-sized rendition (docs/architecture.md "Renditions"); nullopt for a
    // picture stored before renditions existed.
    std::optional<std::string> image_phone_url;
    // The picture's 320-pixel thumbnail (a list's preview) and the original's size in pixels (an
    // exercise's outline is in these pixels; a layout can reserve the space before the image
    // loads); nullopt for pictures stored before renditions, or of unknown size.
    std::optional<std::string> thumbnail_url;
    std::optional<int> width, height;
    std::optional<std::string> audio_url;  // /media/<name>, as image_url
    std::optional<FeedAudio> audio;        // set with audio_url
    std::vector<FeedCategory> categories;
};

// Published pairs whose picture has an image and whose statement has audio in `lang`
// (core/domain/feed_rules.hpp), ordered by pair id ascending, ids > after, at most `limit`.
class FeedQuery {
  public:
    virtual ~FeedQuery() = default;
    virtual std::vector<FeedItem> page(std::string_view lang, std::optional<Id> after,
                                       int limit) = 0;
    // The entries of these pairs that the rule lets into the feed of `lang`, by pair id (the
    // practice queue's cards).
    virtual std::vector<FeedItem> items(std::string_view lang, const std::vector<Id>& pair_ids) = 0;
};

}  // namespace ll
