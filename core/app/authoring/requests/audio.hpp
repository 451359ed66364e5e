#pragma once
// The requests of the audio routes.
#include <optional>
#include <string>
#include <string_view>

#include "core/app/authoring/requests/decoder.hpp"

namespace ll {

inline constexpr int kDefaultAudioBatch = 100;
inline constexpr int kMaxAudioBatch = 1000;

// POST /api/audios/generate-for: `{source_table, source_id, source_field, language}`, the
// language the field is written in.
struct GenerateAudio {
    AudioSource source;
};

// GET /api/audios?source_table=&source_id=: the audios of one item.
struct AudioItem {
    std::string table;
    Id id = 0;
};

// POST /api/audios/generate-batch: `{source_table?, language?, limit?}`.
struct GenerateAudioBatch {
    std::optional<std::string> table;
    std::optional<std::string> language;
    int limit = kDefaultAudioBatch;
};

// `?make_audio=true|false` on a publish route (docs/audio.md "Audio that follows its text"):
// when the publish is refused for stale audio, speak it again and publish once more.
struct PublishOptions {
    bool make_audio = false;
};

// The language a text field is written in ("text_de" -> "de", "short_answer_se" -> "sv"); ""
// when `field` is not a text field of `table`.
std::string_view language_of_field(std::string_view table, std::string_view field);

template <>
Result<GenerateAudio> decode<GenerateAudio>(const LooseValue& v);
template <>
Result<AudioItem> decode<AudioItem>(const LooseValue& v);
template <>
Result<GenerateAudioBatch> decode<GenerateAudioBatch>(const LooseValue& v);
template <>
Result<PublishOptions> decode<PublishOptions>(const LooseValue& v);

}  // namespace ll
