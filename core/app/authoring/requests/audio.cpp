#include "core/app/authoring/requests/audio.hpp"

#include <fmt/format.h>

#include "core/domain/content_languages.hpp"

namespace ll {
namespace {

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

// `source_field`: a text field of the table, or 400 listing the table's fields.
Result<std::string> source_field(const LooseValue& field, const std::string& table) {
    if (field.is_missing() || field.is_null()) return fields::required("source_field");
    if (field.is_string() && !language_of_field(table, field.string).empty()) return field.string;
    const std::string options = table == "statements"  ? field_list(kStatementFields)
                                : table == "questions" ? field_list(kQuestionFields)
                                                       : field_list(kWordFields);
    return errors::field("source_field", errors::problem::not_one_of(options));
}

}  // namespace

std::string_view language_of_field(std::string_view table, std::string_view field) {
    if (table == "statements") return find_language(kStatementFields, field);
    if (table == "questions") return find_language(kQuestionFields, field);
    if (table == "words") return find_language(kWordFields, field);
    return "";
}

template <>
Result<GenerateAudio> decode<GenerateAudio>(const LooseValue& v) {
    GenerateAudio r;
    AudioSource& s = r.source;
    Decoder d(v);
    d.required_choice(s.table, "source_table", kAudioTables).required_id(s.id, "source_id");
    d.read(s.field, [&] {
         return source_field(v["source_field"], s.table);
     }).required_choice(s.language, "language", kContentLanguages);
    const std::string_view field_language = language_of_field(s.table, s.field);
    d.refuse_if(s.language != field_language,
                errors::language_not_of_field(field_language, s.field));
    return d.done(std::move(r));
}

// The same checks and messages as generate-for's source_table and source_id.
template <>
Result<AudioItem> decode<AudioItem>(const LooseValue& v) {
    AudioItem r;
    Decoder d(v);
    d.required_choice(r.table, "source_table", kAudioTables).required_id(r.id, "source_id");
    return d.done(std::move(r));
}

template <>
Result<PublishOptions> decode<PublishOptions>(const LooseValue& v) {
    PublishOptions r;
    std::optional<bool> make_audio;
    Decoder d(v);
    d.boolean(make_audio, "make_audio");
    d.refuse_if(!v["make_audio"].is_missing() && !make_audio,
                errors::field("make_audio", errors::problem::not_boolean));
    r.make_audio = make_audio.value_or(false);
    return d.done(std::move(r));
}

template <>
Result<GenerateAudioBatch> decode<GenerateAudioBatch>(const LooseValue& v) {
    GenerateAudioBatch r;
    Decoder d(v);
    d.choice(r.table, "source_table", kAudioTables)
        .choice(r.language, "language", kContentLanguages)
        .integer(r.limit, "limit", 1, kMaxAudioBatch, kDefaultAudioBatch);
    return d.done(std::move(r));
}

}  // namespace ll
