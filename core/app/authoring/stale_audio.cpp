#include "core/app/authoring/stale_audio.hpp"

#include <string>

#include <fmt/format.h>

#include "core/domain/audio_text.hpp"

namespace ll {
namespace {

// Adds "statement 5 (text_de, text_en)" to `stale` when the item has stale audio; `owner`
// prefixes it ("pair 9's ").
template <typename Item>
void name_stale(AudioRows& audios, std::string_view table, std::string_view kind, const Item& item,
                std::string_view owner, std::vector<std::string>& stale) {
    const auto fields =
        stale_audio_fields(audios.audios_of_item(std::string(table), item.id), item);
    if (!fields.empty())
        stale.push_back(fmt::format("{}{} {} ({})", owner, kind, item.id, fmt::join(fields, ", ")));
}

std::optional<Error> refusal(const std::vector<std::string>& stale) {
    if (stale.empty()) return std::nullopt;
    return errors::audio_stale(fmt::format("{}", fmt::join(stale, "; ")));
}

}  // namespace

std::optional<Error> stale_audio_refusal(AudioRows& audios, const Statement& statement) {
    std::vector<std::string> stale;
    name_stale(audios, "statements", "statement", statement, "", stale);
    return refusal(stale);
}

std::optional<Error> stale_audio_refusal(AudioRows& audios, const Question& question) {
    std::vector<std::string> stale;
    name_stale(audios, "questions", "question", question, "", stale);
    return refusal(stale);
}

std::optional<Error> stale_audio_refusal(AudioRows& audios, const Word& word) {
    std::vector<std::string> stale;
    name_stale(audios, "words", "word", word, "", stale);
    return refusal(stale);
}

std::optional<Error> stale_audio_refusal(AudioRows& audios, TextRows& texts,
                                         const std::vector<Pair>& pairs) {
    std::vector<std::string> stale;
    for (const Pair& p : pairs) {
        const std::string owner = fmt::format("pair {}'s ", p.id);
        if (p.statement_id)
            if (const auto s = texts.statement(*p.statement_id))
                name_stale(audios, "statements", "statement", *s, owner, stale);
        if (p.question_id)
            if (const auto q = texts.question(*p.question_id))
                name_stale(audios, "questions", "question", *q, owner, stale);
    }
    return refusal(stale);
}

}  // namespace ll
