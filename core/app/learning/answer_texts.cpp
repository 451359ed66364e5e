#include "core/app/learning/answer_texts.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/domain/digest.hpp"
#include "core/domain/utf8.hpp"

namespace ll {

std::string word_choice_id(const SecretTokens& secrets, Id user_id, Id pair_id, Id word_id) {
    const std::string keyed =
        secrets.successor(fmt::format("choice:{}:{}:{}", user_id, pair_id, word_id));
    return fmt::format("c{:016x}", fnv1a64(keyed));
}

bool is_word_choice_id(std::string_view id) {
    return id.size() == 17 && id[0] == 'c' && std::all_of(id.begin() + 1, id.end(), [](char ch) {
               return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f');
           });
}

bool names_answer_word(const AnswerKey& key, std::string_view choice,
                       const std::function<std::string(Id)>& choice_id) {
    return std::any_of(key.answers.begin(), key.answers.end(),
                       [&](const AnswerWord& w) { return choice_id(w.word_id) == choice; });
}

std::optional<std::string> word_title(const AnswerWord& w, std::string_view lang) {
    if (lang == "de") return w.title_de;
    if (lang == "en") return w.title_en;
    if (lang == "sv") return w.title_sv;
    return std::nullopt;
}

bool blank(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        const auto d = utf8::decode(text, at);
        if (!utf8::is_js_whitespace(d.code_point)) return false;
        at += d.length;
    }
    return true;
}

std::optional<std::string> short_answer_in(const AnswerKey& key, std::string_view lang) {
    const std::optional<std::string>* said = nullptr;
    if (lang == "de") said = &key.short_answer_de;
    if (lang == "en") said = &key.short_answer_en;
    if (lang == "sv") said = &key.short_answer_se;
    if (!said || !*said || blank(**said)) return std::nullopt;
    return **said;
}

std::string_view yes_word(std::string_view lang) {
    return lang == "en" ? "yes" : "ja";
}
std::string_view no_word(std::string_view lang) {
    if (lang == "en") return "no";
    return lang == "sv" ? "nej" : "nein";
}

std::string normal(const TextFolding& folding, std::string_view text, std::string_view lang) {
    return grading::normal_form(folding.fold(text), lang);
}

std::optional<bool> yes_no_truth(const AnswerKey& key, std::string_view lang,
                                 const TextFolding& folding) {
    auto said = short_answer_in(key, lang);
    if (!said) said = short_answer_in(key, "de");
    if (!said) return std::nullopt;
    const std::string n = normal(folding, *said, lang);
    return n != "nein" && n != "no" && n != "nej";
}

std::vector<grading::Accepted> accepted_texts(const AnswerKey& key, std::string_view lang,
                                              const TextFolding& folding) {
    std::vector<std::string> shown;
    if (key.answer_type == "yes_no") {
        if (const auto truth = yes_no_truth(key, lang, folding))
            shown.emplace_back(*truth ? yes_word(lang) : no_word(lang));
    } else {
        if (key.answer_type == "word" && !key.answers.empty())
            if (auto t = word_title(key.answers.front(), lang)) shown.push_back(*t);
        if (auto s = short_answer_in(key, lang)) shown.push_back(*s);
        for (const auto& w : key.answers)
            if (auto t = word_title(w, lang)) shown.push_back(*t);
    }
    std::vector<grading::Accepted> out;
    for (const auto& s : shown) {
        grading::Accepted a{normal(folding, s, lang), s};
        if (a.normal.empty()) continue;
        const bool seen = std::any_of(out.begin(), out.end(),
                                      [&](const auto& o) { return o.normal == a.normal; });
        if (!seen) out.push_back(std::move(a));
    }
    return out;
}

}  // namespace ll
