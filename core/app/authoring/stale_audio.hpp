#pragma once
// Publishing waits for audio that speaks the text being published (docs/audio.md "Audio that
// follows its text"): an item whose audio speaks an older text is refused with 409 audio_stale,
// naming the item and fields; with make_audio=true the publish route then speaks it
// (speak_stale_audio in audio.hpp) and publishes once more.
//
// Checked inside the publishing transaction, after the state machine allowed the move and with
// the item's rows locked (a pair's: its statement's and question's too), so a text changed at
// the same moment is either seen here or changed after the publish.
#include <optional>
#include <vector>

#include "core/domain/errors.hpp"
#include "core/ports/content_store.hpp"

namespace ll {

std::optional<Error> stale_audio_refusal(AudioRows& audios, const Statement& statement);
std::optional<Error> stale_audio_refusal(AudioRows& audios, const Question& question);
std::optional<Error> stale_audio_refusal(AudioRows& audios, const Word& word);
// A pair: its statement's and its question's audio (what the feed plays with it).
std::optional<Error> stale_audio_refusal(AudioRows& audios, TextRows& texts,
                                         const std::vector<Pair>& pairs);

}  // namespace ll
