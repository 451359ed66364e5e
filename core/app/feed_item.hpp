#pragma once
// One GET /feed entry composed from the content rows: what the memory feed serves and what the
// studio's learner preview of a pair shows (core/app/authoring/preview.hpp), so both are the
// same shape by construction. The SQL feed selects the same columns in its query.
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/content.hpp"
#include "core/ports/feed.hpp"

namespace ll {

// The public URL of a stored media name: `/media/<name>`, only the last path segment of names
// stored with folders.
std::string feed_media_url(std::string_view stored);

// The rows one feed entry shows; any of the pointers may be null (the item's fields then stay
// null, as the preview shows them).
struct FeedRows {
    const Pair& pair;
    const Picture* picture = nullptr;
    const Statement* statement = nullptr;
    const Question* question = nullptr;
    const Audio* audio = nullptr;           // the statement's, chosen by feed_statement_audio
    const Audio* question_audio = nullptr;  // chosen by feed_question_audio
    const std::vector<Category>& categories;
};

FeedItem feed_item_of(const FeedRows& rows);

// The playable files of a stored audio, smallest first: Opus, AAC, then the original (each where
// it is stored with its size).
FeedAudio feed_audio_of(const Audio& audio);

}  // namespace ll
