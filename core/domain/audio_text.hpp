#pragma once
// Audio follows its text (docs/audio.md "Audio that follows its text"): an audio records the text
// it speaks, and is current only while its item still holds exactly that text in the field.
// Coverage, the content lists, the batch and publishing all judge an audio by these rules.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/content.hpp"
#include "core/domain/content_languages.hpp"

namespace ll {

// The text of one field of an item by the field's name (text_de, short_answer_se, title_en,
// ...); nullopt for a field the item does not have or leaves empty.
std::optional<std::string> field_text(const Statement& s, std::string_view field);
std::optional<std::string> field_text(const Question& q, std::string_view field);
std::optional<std::string> field_text(const Word& w, std::string_view field);

// An audio that spoke `spoken` speaks `text` as it is now (an unknown spoken text matches none).
// The one rule of every store: the SQL stores spell it `a.spoken_text = x.<field>`.
inline bool speaks(const std::optional<std::string>& spoken,
                   const std::optional<std::string>& text) {
    return spoken && spoken == text;
}

// The audio speaks the field's text as the item holds it now.
template <typename Item>
bool audio_is_current(const Audio& audio, const Item& item) {
    return speaks(audio.spoken_text, field_text(item, audio.source.field));
}

// The field has text now and the audio speaks another one (or one not known): it must be spoken
// again before the item is published. An audio of a field left empty since is not stale (there
// is nothing to speak).
template <typename Item>
bool audio_is_stale(const Audio& audio, const Item& item) {
    return has_text(field_text(item, audio.source.field)) && !audio_is_current(audio, item);
}

// The fields (in the order of `audios`) whose audio is stale.
template <typename Item>
std::vector<std::string> stale_audio_fields(const std::vector<Audio>& audios, const Item& item) {
    std::vector<std::string> out;
    for (const Audio& a : audios)
        if (audio_is_stale(a, item)) out.push_back(a.source.field);
    return out;
}

}  // namespace ll
