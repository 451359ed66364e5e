#include "core/app/authoring/audio.hpp"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "core/app/authoring/audio_variants.hpp"
#include "core/domain/audio_text.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/text_drafts.hpp"

namespace ll {
namespace {

// The text of one field of one item; nullopt when the item does not exist.
std::optional<std::optional<std::string>> text_of(WordRows& words, TextRows& texts,
                                                  const AudioSource& s) {
    const auto in = [&](const auto& item) -> std::optional<std::optional<std::string>> {
        if (!item) return std::nullopt;
        return field_text(*item, s.field);
    };
    if (s.table == "statements") return in(texts.statement(s.id));
    if (s.table == "questions") return in(texts.question(s.id));
    return in(words.word(s.id));
}

// Speaks `text` (the field as the item holds it: trimmed here) and stores its files: the row to
// write, with the text it speaks. Outside any transaction: this is the slow part.
Result<Audio> spoken_audio(AuthoringPorts& ports, const AudioSource& source,
                           const std::string& text) {
    SynthesizedAudio spoken;
    try {
        spoken = ports.speech.synthesize(trim(text), source.language);
    } catch (const SpeechError& e) {
        return errors::speech_synthesis_failed(e.what());
    }
    Audio audio;
    audio.source = source;
    audio.mime = spoken.mime;
    audio.voice = spoken.voice;
    audio.duration_ms = spoken.duration_ms;
    audio.spoken_text = text;
    try {
        store_audio_files(ports, spoken.bytes, spoken.extension, audio);
    } catch (const AudioEncodingError& e) {
        return errors::speech_synthesis_failed(fmt::format("encoding for phones: {}", e.what()));
    }
    audio.created_at = audio.updated_at = ports.clock.now();
    return audio;
}

// spoken_audio, then its row written. A text changed meanwhile leaves the new row stale, as it
// should: it speaks the older text.
Result<AudioResult> speak_and_store(AuthoringPorts& ports, const AudioSource& source,
                                    const std::string& text) {
    auto audio = spoken_audio(ports, source, text);
    if (!audio) return audio.error();
    return write<AudioResult>(ports, [&](AudioRows& audios) -> Result<AudioResult> {
        auto [stored, created] = audios.upsert_audio(audio.value());
        return AudioResult{std::move(stored), created};
    });
}

}  // namespace

Result<AudioResult> generate_audio(AuthoringPorts& ports, const GenerateAudio& request) {
    const AudioSource& source = request.source;
    auto text = read<std::string>(
        ports.content, [&](WordRows& words, TextRows& texts) -> Result<std::string> {
            const auto found = text_of(words, texts, source);
            if (!found) return errors::not_found();
            if (!found->has_value() || trim(**found).empty()) {
                return errors::conflict(
                    fmt::format("{} {} has no text in {}", source.table, source.id, source.field));
            }
            return **found;
        });
    if (!text) return text.error();
    return speak_and_store(ports, source, text.value());
}

Result<AudioBatchResult> generate_audio_batch(AuthoringPorts& ports,
                                              const GenerateAudioBatch& request) {
    const auto& table = request.table;
    const auto& language = request.language;
    struct Plan {
        std::vector<AudioCandidate> candidates;
        std::int64_t with_audio = 0;
    };
    auto plan = read<Plan>(ports.content, [&](AudioRows& audios) -> Result<Plan> {
        Plan p;
        p.candidates = audios.audio_candidates(table, language, request.limit);
        for (const auto& row : audios.audio_coverage()) {
            if ((!table || row.table == *table) && (!language || row.language == *language))
                p.with_audio += row.with_audio;
        }
        return p;
    });
    AudioBatchResult out;
    out.skipped = plan->with_audio;
    for (const auto& c : plan->candidates) {
        auto done = speak_and_store(ports, c.source, c.text);
        if (done) {
            ++out.generated;
        } else {
            out.failed.push_back(AudioFailure{c.source, done.error().message,
                                              done.error().detail.value_or(done.error().message),
                                              done.error().code});
        }
    }
    return out;
}

Result<std::vector<Audio>> list_item_audios(AuthoringPorts& ports, const AudioItem& item) {
    auto found = read<std::vector<Audio>>(ports.content, [&](AudioRows& audios) {
        return Result<std::vector<Audio>>(audios.audios_of_item(item.table, item.id));
    });
    if (!found) return found;
    // Sorted here, not by SQL: the dialects' collations may order `_` differently.
    std::sort(found->begin(), found->end(), [](const Audio& a, const Audio& b) {
        return std::tie(a.source.field, a.source.language) <
               std::tie(b.source.field, b.source.language);
    });
    return found;
}

Result<std::vector<Audio>> speak_stale_audio(AuthoringPorts& ports, const AudioItem& item) {
    auto stale = read<std::vector<AudioCandidate>>(
        ports.content,
        [&](AudioRows& audios, TextRows& texts, WordRows& words,
            PairRows& pairs) -> Result<std::vector<AudioCandidate>> {
            std::vector<AudioCandidate> out;
            // `found` as publishing makes it: a text's draft applied (text_drafts.hpp).
            const auto add = [&](const std::string& table, const auto& found) {
                if (!found) return;
                for (const Audio& a : audios.audios_of_item(table, found->id))
                    if (audio_is_stale(a, *found))
                        out.push_back({a.source, *field_text(*found, a.source.field)});
            };
            const auto drafted = [](auto found) {
                if (found) found = with_draft_applied(std::move(*found));
                return found;
            };
            if (item.table == "statements") {
                add(item.table, drafted(texts.statement(item.id)));
            } else if (item.table == "questions") {
                add(item.table, drafted(texts.question(item.id)));
            } else if (item.table == "words") {
                add(item.table, words.word(item.id));
            } else if (const auto pair = pairs.pair(item.id)) {
                // A published pair's publish publishes its texts' drafts (pairs.hpp).
                const bool drafts = pair->status == status::kPublished;
                const auto as_published = [&](auto found) {
                    return drafts ? drafted(std::move(found)) : found;
                };
                if (pair->statement_id)
                    add("statements", as_published(texts.statement(*pair->statement_id)));
                if (pair->question_id)
                    add("questions", as_published(texts.question(*pair->question_id)));
            }
            return out;
        });
    if (!stale) return stale.error();
    std::vector<Audio> out;
    for (const AudioCandidate& c : stale.value()) {
        auto spoken = spoken_audio(ports, c.source, c.text);
        if (!spoken) return spoken.error();
        out.push_back(std::move(spoken.value()));
    }
    return out;
}

Result<std::vector<AudioCoverageRow>> audio_coverage(AuthoringPorts& ports) {
    return read<std::vector<AudioCoverageRow>>(ports.content, [&](AudioRows& audios) {
        return Result<std::vector<AudioCoverageRow>>(audios.audio_coverage());
    });
}

}  // namespace ll
