#include "core/app/authoring/audio.hpp"

#include <fmt/format.h>

#include "core/domain/fields.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

const std::initializer_list<std::string_view> kTables = {"statements", "questions", "words"};
const std::initializer_list<std::string_view> kLanguages = {"de", "en", "sv"};

struct FieldLanguage {
    std::string_view field;
    std::string_view language;
};
constexpr FieldLanguage kStatementFields[] = {
    {"text_de", "de"}, {"text_en", "en"}, {"text_sv", "sv"}};
constexpr FieldLanguage kQuestionFields[] = {{"text_de", "de"},         {"text_en", "en"},
                                             {"text_sv", "sv"},         {"short_answer_de", "de"},
                                             {"short_answer_en", "en"}, {"short_answer_se", "sv"}};
constexpr FieldLanguage kWordFields[] = {
    {"title_de", "de"}, {"title_en", "en"}, {"title_sv", "sv"}};

template <std::size_t N>
std::string_view find_language(const FieldLanguage (&fields)[N], std::string_view field) {
    for (const auto& f : fields) {
        if (f.field == field) return f.language;
    }
    return "";
}

template <std::size_t N>
std::string field_list(const FieldLanguage (&fields)[N]) {
    std::string out;
    for (const auto& f : fields) out += (out.empty() ? "" : ", ") + std::string(f.field);
    return out;
}

// The text of one field of one item; nullopt when the item does not exist.
std::optional<std::optional<std::string>> text_of(ContentTx& tx, const AudioSource& s) {
    if (s.table == "statements") {
        const auto st = tx.statement(s.id);
        if (!st) return std::nullopt;
        return s.field == "text_de"   ? st->text_de
               : s.field == "text_en" ? st->text_en
                                      : st->text_sv;
    }
    if (s.table == "questions") {
        const auto q = tx.question(s.id);
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
    const auto w = tx.word(s.id);
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
    const std::string name = ports.media.put(spoken.bytes, spoken.extension);
    Audio audio;
    audio.source = source;
    audio.file_path = name;
    audio.mime = spoken.mime;
    audio.voice = spoken.voice;
    audio.duration_ms = spoken.duration_ms;
    audio.created_at = audio.updated_at = ports.clock.now();
    return write<AudioResult>(ports.content, [&](ContentTx& tx) -> Result<AudioResult> {
        auto [stored, created] = tx.upsert_audio(audio);
        return AudioResult{std::move(stored), created};
    });
}

}  // namespace

std::string_view language_of_field(std::string_view table, std::string_view field) {
    if (table == "statements") return find_language(kStatementFields, field);
    if (table == "questions") return find_language(kQuestionFields, field);
    if (table == "words") return find_language(kWordFields, field);
    return "";
}

Result<AudioResult> generate_audio(AuthoringPorts& ports, const LooseValue& body) {
    auto table = fields::choice(body["source_table"], "source_table", kTables);
    if (!table) return table.error();
    if (!table.value()) return fields::required("source_table");
    auto id = fields::id(body["source_id"], "source_id");
    if (!id) return id.error();
    if (!id.value()) return fields::required("source_id");
    const LooseValue& field = body["source_field"];
    if (field.is_missing() || field.is_null()) return fields::required("source_field");
    const std::string_view field_language =
        field.is_string() ? language_of_field(*table.value(), field.string) : "";
    if (field_language.empty()) {
        const std::string options = *table.value() == "statements"  ? field_list(kStatementFields)
                                    : *table.value() == "questions" ? field_list(kQuestionFields)
                                                                    : field_list(kWordFields);
        return errors::invalid_field(fmt::format("source_field must be one of {}", options));
    }
    auto language = fields::choice(body["language"], "language", kLanguages);
    if (!language) return language.error();
    if (!language.value()) return fields::required("language");
    if (*language.value() != field_language) {
        return errors::invalid_field(
            fmt::format("language must be {} for source_field {}", field_language, field.string));
    }
    const AudioSource source{*table.value(), *id.value(), field.string, *language.value()};

    auto text = read<std::string>(ports.content, [&](ContentTx& tx) -> Result<std::string> {
        const auto found = text_of(tx, source);
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

Result<AudioBatchResult> generate_audio_batch(AuthoringPorts& ports, const LooseValue& body) {
    auto table = fields::choice(body["source_table"], "source_table", kTables);
    if (!table) return table.error();
    auto language = fields::choice(body["language"], "language", kLanguages);
    if (!language) return language.error();
    auto limit = fields::integer(body["limit"], "limit", 1, kMaxAudioBatch);
    if (!limit) return limit.error();

    struct Plan {
        std::vector<AudioCandidate> candidates;
        std::int64_t with_audio = 0;
    };
    auto plan = read<Plan>(ports.content, [&](ContentTx& tx) -> Result<Plan> {
        Plan p;
        p.candidates =
            tx.audio_candidates(table.value(), language.value(),
                                static_cast<int>(limit.value().value_or(kDefaultAudioBatch)));
        for (const auto& row : tx.audio_coverage()) {
            if ((!table.value() || row.table == *table.value()) &&
                (!language.value() || row.language == *language.value()))
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
                                              done.error().detail.value_or(done.error().message)});
        }
    }
    return out;
}

Result<std::vector<AudioCoverageRow>> audio_coverage(AuthoringPorts& ports) {
    return read<std::vector<AudioCoverageRow>>(ports.content, [&](ContentTx& tx) {
        return Result<std::vector<AudioCoverageRow>>(tx.audio_coverage());
    });
}

}  // namespace ll
