#include "core/domain/audio_text.hpp"

namespace ll {

std::optional<std::string> field_text(const Statement& s, std::string_view field) {
    if (field == "text_de") return s.text_de;
    if (field == "text_en") return s.text_en;
    if (field == "text_sv") return s.text_sv;
    return std::nullopt;
}

std::optional<std::string> field_text(const Question& q, std::string_view field) {
    if (field == "text_de") return q.text_de;
    if (field == "text_en") return q.text_en;
    if (field == "text_sv") return q.text_sv;
    if (field == "short_answer_de") return q.short_answer_de;
    if (field == "short_answer_en") return q.short_answer_en;
    if (field == "short_answer_se") return q.short_answer_se;
    return std::nullopt;
}

std::optional<std::string> field_text(const Word& w, std::string_view field) {
    if (field == "title_de") return w.title_de;
    if (field == "title_en") return w.title_en;
    if (field == "title_sv") return w.title_sv;
    return std::nullopt;
}

}  // namespace ll
