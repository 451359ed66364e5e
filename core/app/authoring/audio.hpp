#pragma once
// Audio of statements, questions and words (docs/spec/authoring.md): spoken by the
// SpeechSynthesizer port (espeak-ng), stored through the MediaStore, one row per (source_table,
// source_id, source_field, language).
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/views.hpp"
#include "core/domain/loose_value.hpp"

namespace ll {

inline constexpr int kDefaultAudioBatch = 100;
inline constexpr int kMaxAudioBatch = 1000;

// `{source_table, source_id, source_field, language}`: speaks the field's text in the
// language's voice; an existing row is reused and its file replaced (`created` false).
Result<AudioResult> generate_audio(AuthoringPorts& ports, const LooseValue& body);
// `{source_table?, language?, limit?}`: audio for items that have text but no audio yet, one
// at a time; a failure is reported and the batch goes on.
Result<AudioBatchResult> generate_audio_batch(AuthoringPorts& ports, const LooseValue& body);
// Per table and language: items with text, how many have audio.
Result<std::vector<AudioCoverageRow>> audio_coverage(AuthoringPorts& ports);

// The language a text field is written in ("text_de" -> "de", "short_answer_se" -> "sv"); ""
// when `field` is not a text field of `table`.
std::string_view language_of_field(std::string_view table, std::string_view field);

}  // namespace ll
