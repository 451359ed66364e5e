#pragma once
// What the audios table's copy columns mean (db/migrations/*/0021_audio_variants.sql), for
// every query that reads them (content/audio.cpp, sql_feed.cpp).
#include <optional>
#include <string>

#include "core/domain/content.hpp"

namespace ll::sql {

// Copies made from another file than the row's (a replica of the previous release spoke the
// text again and left them) are none: the size and both copies are dropped.
inline void drop_stale_copies(Audio& audio, const std::optional<std::string>& variants_of) {
    if (variants_of == audio.file_path) return;
    audio.bytes.reset();
    audio.opus.reset();
    audio.aac.reset();
}

}  // namespace ll::sql
