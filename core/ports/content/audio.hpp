#pragma once
// The audios of statements, questions and words (one file per source item, field and
// language), part of the content unit of work (core/ports/content_store.hpp).
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/domain/content.hpp"
#include "core/ports/content/page.hpp"

namespace ll {

class AudioRows {
  public:
    virtual ~AudioRows() = default;

    virtual std::optional<Audio> audio(const AudioSource& source) = 0;
    // Every audio of one item (any field, any language), in no particular order.
    virtual std::vector<Audio> audios_of_item(const std::string& table, Id id) = 0;
    // Inserts, or replaces file_path, mime, voice, duration_ms, bytes, the variants,
    // spoken_text and updated_at of the row with the same source. `second`: true when inserted.
    virtual std::pair<Audio, bool> upsert_audio(const Audio& audio) = 0;
    // Every audio, by id (the variants backfill, langlearn-admin make-audio-variants).
    virtual std::vector<Audio> audios(const Page& page) = 0;
    // Writes bytes, opus and aac of the row `audio.id` while its file is still
    // `audio.file_path` (updated_at stays: derived data). false: the row was spoken again or
    // deleted meanwhile, and nothing was written.
    virtual bool set_audio_variants(const Audio& audio) = 0;
    // Items whose `text_<lang>` (statements, questions) or `title_<lang>` (words) is non-empty
    // (after trimming white space) and that have no audio for that field and language that
    // speaks the text as it is now (core/domain/audio_text.hpp: none, or a stale one); ordered
    // by table (statements, questions, words), then language (de, en, sv), then id; at most
    // `limit`. `table`/`language` narrow the scope.
    virtual std::vector<AudioCandidate> audio_candidates(const std::optional<std::string>& table,
                                                         const std::optional<std::string>& language,
                                                         int limit) = 0;
    // For every table (statements, questions, words) and language (de, en, sv), in that order:
    // items with a non-empty text in that language's field, how many of them have audio that
    // speaks it as it is now, and how many only a stale one.
    virtual std::vector<AudioCoverageRow> audio_coverage() = 0;
};

}  // namespace ll
