#include "core/app/authoring/audio.hpp"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "core/app/authoring/audio_variants.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

// The text of one field of one item; nullopt when the item does not exist.
std::optional<std::optional<std::string>> text_of(WordRows& words, TextRows& texts,
                                                  const AudioSource& s) {
    if (s.table == "statements") {
        const auto st = texts.statement(s.id);
        if (!st) return std::nullopt;
        return s.field == "text_de"   ? st->text_de
               : s.field == "text_en" ? st->text_en
                                      : st->text_sv;
    }
    if (s.table == "questions") {
        const auto q = texts.question(s.id);
        if (!q) return std::nullopt;
        const std::pair<const char*, const std::optional<std::string>*> slots[] = {
            {"text_de", &q->text_de},
            {"text_en", &q->text_en},
            {"text_sv", &q->text_sv},
            {"short_answer_de", &q->short_answer_de},
            {"short_answer_en", &q->short_answer_en},
            {"short_answer_se", &q->short_answer_se}};
        for (const auto& [name, value] : slots) {
            if (s.field == name) return *value;
        }
        return std::optional<std::string>();
    }
    const auto w = words.word(s.id);
    if (!w) return std::nullopt;
    if (s.field == "title_de") return std::optional<std::string>(w->title_de);
    return s.field == "title_en" ? w->title_en : w->title_sv;
}

// Speaks, stores the file and writes the row (the slow part runs outside any transaction).
Result<AudioResult> speak_and_store(AuthoringPorts& ports, const AudioSource& source,
                                    const std::string& text) {
    SynthesizedAudio spoken;
    try {
        spoken = ports.speech.synthesize(text, source.language);
    } catch (const SpeechError& e) {
        return errors::speech_synthesis_failed(e.what());
    }
    Audio audio;
    audio.source = source;
    audio.mime = spoken.mime;
    audio.voice = spoken.voice;
    audio.duration_ms = spoken.duration_ms;
    try {
        store_audio_files(ports, spoken.bytes, spoken.extension, audio);
    } catch (const AudioEncodingError& e) {
        return errors::speech_synthesis_failed(fmt::format("encoding for phones: {}", e.what()));
    }
    audio.created_at = audio.updated_at = ports.clock.now();
    return write<AudioResult>(ports.content, [&](AudioRows& audios) -> Result<AudioResult> {
        auto [stored, created] = audios.upsert_audio(audio);
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
            const std::string t = found->has_value() ? trim(**found) : std::string();
            if (t.empty()) {
                return errors::conflict(
                    fmt::format("{} {} has no text in {}", source.table, source.id, source.field));
            }
            return t;
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
        auto done = speak_and_store(ports, c.source, trim(c.text));
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

Result<std::vector<AudioCoverageRow>> audio_coverage(AuthoringPorts& ports) {
    return read<std::vector<AudioCoverageRow>>(ports.content, [&](AudioRows& audios) {
        return Result<std::vector<AudioCoverageRow>>(audios.audio_coverage());
    });
}

}  // namespace ll
