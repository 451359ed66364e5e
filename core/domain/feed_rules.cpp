#include "core/domain/feed_rules.hpp"

#include "core/domain/errors.hpp"

namespace ll {

std::vector<std::string> feed_exclusions(const FeedFacts& facts, std::string_view lang) {
    std::vector<std::string> out;
    if (!facts.published) out.push_back(errors::feed_reason::not_published());
    if (!facts.picture_has_image) out.push_back(errors::feed_reason::no_image());
    if (!facts.statement_has_audio) out.push_back(errors::feed_reason::no_audio(lang));
    return out;
}

const Audio* feed_statement_audio(const std::vector<Audio>& audios, std::string_view lang) {
    const Audio* best = nullptr;
    const std::string own_field = "text_" + std::string(lang);
    for (const Audio& audio : audios) {
        const AudioSource& s = audio.source;
        if (s.table != "statements" || s.language != lang) continue;
        if (s.field == own_field) return &audio;
        if (!best || audio.id < best->id) best = &audio;
    }
    return best;
}

const Audio* feed_question_audio(const std::vector<Audio>& audios, std::string_view lang) {
    const std::string field = "text_" + std::string(lang);
    for (const Audio& audio : audios) {
        const AudioSource& s = audio.source;
        if (s.table == "questions" && s.language == lang && s.field == field) return &audio;
    }
    return nullptr;
}

}  // namespace ll
