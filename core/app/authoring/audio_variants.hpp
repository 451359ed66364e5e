#pragma once
// An audio's files (docs/audio.md): the synthesizer's WAV and its compressed copies for phones
// (Ogg Opus, AAC in MP4) from the AudioEncoder port, all in the media store under content-hash
// names; and the backfill for audio stored before the copies existed
// (`langlearn-admin make-audio-variants`).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/backfill.hpp"

namespace ll {

// Encodes `wav`, stores it and both copies, and sets file_path, bytes, opus and aac of `audio`.
// Throws AudioEncodingError before anything is stored when the encoder fails, and
// std::runtime_error when the media store cannot write.
void store_audio_files(AuthoringPorts& ports, std::string_view wav, std::string_view extension,
                       Audio& audio);

// made: audios that got their copies; skipped: had them already, or were spoken again
// meanwhile; failed: the file is missing or cannot be encoded.
using AudioVariantBackfill = Backfill;

// Every audio without its copies gets them; idempotent (a second run makes none). An audio
// spoken again meanwhile is left to the generation that replaced it.
AudioVariantBackfill make_missing_audio_variants(AuthoringPorts& ports);

}  // namespace ll
