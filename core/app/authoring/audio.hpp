#pragma once
// Audio of statements, questions and words (docs/spec/authoring.md): spoken by the
// SpeechSynthesizer port (espeak-ng), stored through the MediaStore, one row per (source_table,
// source_id, source_field, language).
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/audio.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/views.hpp"

namespace ll {

// `{source_table, source_id, source_field, language}`: speaks the field's text in the
// language's voice; an existing row is reused and its file replaced (`created` false).
Result<AudioResult> generate_audio(AuthoringPorts& ports, const GenerateAudio& request);
// `{source_table?, language?, limit?}`: audio for items that have text but no audio yet, one
// at a time; a failure is reported and the batch goes on.
Result<AudioBatchResult> generate_audio_batch(AuthoringPorts& ports,
                                              const GenerateAudioBatch& request);
// The audios of one item, ordered by source_field, then language; none when the item has none
// or does not exist.
Result<std::vector<Audio>> list_item_audios(AuthoringPorts& ports, const AudioItem& item);
// make_audio=true on a publish route refused for stale audio: speaks again every audio of the
// item that is stale for the texts being published (a statement's or question's draft, if any;
// a pair: its statement's and question's, their drafts when the pair is published), one at a
// time, outside any transaction, and stores the files. The rows are not written here: the
// caller publishes once more with them, and the publishing transaction writes each that still
// speaks its field (stale_audio.hpp store_spoken), so live audio never speaks a text learners
// cannot read yet. The first failure is the answer (the caller publishes nothing).
Result<std::vector<Audio>> speak_stale_audio(AuthoringPorts& ports, const AudioItem& item);
// Per table and language: items with text, how many have audio that speaks it as it is now, how
// many only a stale one.
Result<std::vector<AudioCoverageRow>> audio_coverage(AuthoringPorts& ports);

}  // namespace ll
