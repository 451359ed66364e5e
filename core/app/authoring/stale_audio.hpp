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
// A pair with its texts as they are to be published (a published pair's drafts applied).
std::optional<Error> stale_audio_refusal(AudioRows& audios, const Pair& pair,
                                         const std::optional<Statement>& statement,
                                         const std::optional<Question>& question);

// make_audio=true (audio.hpp speak_stale_audio): writes each audio spoken for `item`, as it is to
// be published, that speaks its field's text (one changed meanwhile is left out: the check after
// it refuses the publish). In the publishing transaction, before stale_audio_refusal.
void store_spoken(AudioRows& audios, const std::vector<Audio>& spoken, const Statement& item);
void store_spoken(AudioRows& audios, const std::vector<Audio>& spoken, const Question& item);
void store_spoken(AudioRows& audios, const std::vector<Audio>& spoken, const Word& item);

}  // namespace ll
