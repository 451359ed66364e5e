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

void name_pair_stale(AudioRows& audios, const Pair& p, const std::optional<Statement>& statement,
                     const std::optional<Question>& question, std::vector<std::string>& stale) {
    const std::string owner = fmt::format("pair {}'s ", p.id);
    if (statement) name_stale(audios, "statements", "statement", *statement, owner, stale);
    if (question) name_stale(audios, "questions", "question", *question, owner, stale);
}

template <typename Item>
void store_current(AudioRows& audios, const std::vector<Audio>& spoken, std::string_view table,
                   const Item& item) {
    for (const Audio& a : spoken)
        if (a.source.table == table && a.source.id == item.id && audio_is_current(a, item))
            audios.upsert_audio(a);
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
        std::optional<Statement> s;
        std::optional<Question> q;
        if (p.statement_id) s = texts.statement(*p.statement_id);
        if (p.question_id) q = texts.question(*p.question_id);
        name_pair_stale(audios, p, s, q, stale);
    }
    return refusal(stale);
}

std::optional<Error> stale_audio_refusal(AudioRows& audios, const Pair& pair,
                                         const std::optional<Statement>& statement,
                                         const std::optional<Question>& question) {
    std::vector<std::string> stale;
    name_pair_stale(audios, pair, statement, question, stale);
    return refusal(stale);
}

void store_spoken(AudioRows& audios, const std::vector<Audio>& spoken, const Statement& item) {
    store_current(audios, spoken, "statements", item);
}

void store_spoken(AudioRows& audios, const std::vector<Audio>& spoken, const Question& item) {
    store_current(audios, spoken, "questions", item);
}

void store_spoken(AudioRows& audios, const std::vector<Audio>& spoken, const Word& item) {
    store_current(audios, spoken, "words", item);
}

}  // namespace ll
