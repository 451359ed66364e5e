#include "adapters/words/freedict_translate.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "adapters/words/german_text.hpp"

namespace ll::words {
namespace {

// Domains of everyday words: a sense tagged only with others is a specialist one.
constexpr std::array kEverydayDomains{"zool.", "bot.",   "cook.",   "anat.",   "constr.",
                                      "arch.", "auto.",  "transp.", "textil.", "biol.",
                                      "agr.",  "geogr.", "envir.",  "educ.",   "school",
                                      "sport", "mus.",   "art",     "relig."};
// Tags of register-marked or rare renderings.
constexpr std::array kMarkedTags{
    "coll.",  "slang",  "formal", "rare",  "obs.",     "archaic", "poet.",
    "humor.", "pej.",   "vulg.",  "ugs.",  "dialect.", "Sc.",     "Northern English",
    "Irish",  "Süddt.", "Ös.",    "Schw.", "old use"};
// Regional variants of standard English: a small penalty, so that an unmarked rendering wins.
constexpr std::array kRegionalTags{"Br.", "Am.", "Austr.", "NZ", "Can."};

template <std::size_t N>
bool contains(const std::array<const char*, N>& list, std::string_view tag) {
    return std::any_of(list.begin(), list.end(), [&](const char* t) { return tag == t; });
}

bool is_letter(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

// Entries with this headword: exact case first; nouns only when the word is capitalised and
// there is a noun entry.
std::vector<std::size_t> eng_candidates(const std::vector<EngEntry>& entries,
                                        std::string_view word) {
    std::vector<std::size_t> out;
    for (const bool exact : {true, false}) {
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const auto& e = entries[i];
            if (e.plural() || e.fragment() || e.senses.empty()) continue;
            if (exact ? e.headword == word : iequals(e.headword, word)) out.push_back(i);
        }
        if (!out.empty()) break;
    }
    if (starts_upper(word)) {
        std::vector<std::size_t> nouns;
        for (const auto i : out)
            if (entries[i].has_tag("n")) nouns.push_back(i);
        if (!nouns.empty()) return nouns;
    }
    return out;
}

}  // namespace

std::size_t count_mentions(std::string_view text, std::string_view word) {
    if (word.empty()) return 0;
    std::size_t n = 0;
    for (auto at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        if (at > 0 && is_letter(static_cast<unsigned char>(text[at - 1]))) continue;
        auto rest = text.substr(at + word.size());
        for (const std::string_view ending : {"ren", "es", "s"}) {
            if (rest.starts_with(ending) &&
                (rest.size() == ending.size() ||
                 !is_letter(static_cast<unsigned char>(rest[ending.size()])))) {
                rest.remove_prefix(ending.size());
                break;
            }
        }
        if (rest.empty() || !is_letter(static_cast<unsigned char>(rest[0]))) ++n;
    }
    return n;
}

std::vector<RankedEntry> rank_english(const std::vector<EngEntry>& entries, std::string_view word,
                                      const std::vector<std::string>& hints) {
    std::string all;
    for (const auto& e : entries) {
        if (!iequals(e.headword, word)) continue;
        for (const auto& line : e.english) {
            all += lower(line);
            all += '\n';
        }
    }
    std::vector<RankedEntry> ranked;
    const auto candidates = eng_candidates(entries, word);
    for (std::size_t order = 0; order < candidates.size(); ++order) {
        const auto& e = entries[candidates[order]];
        std::optional<RankedEntry> best;
        for (const auto& sense : e.senses) {
            const auto& item = sense.items.front();
            double score =
                std::log(1.0 + static_cast<double>(count_mentions(all, lower(item.text))));
            if (!sense.domains.empty() &&
                std::none_of(sense.domains.begin(), sense.domains.end(),
                             [](const std::string& d) { return contains(kEverydayDomains, d); }))
                score -= 1;
            if (std::any_of(item.tags.begin(), item.tags.end(),
                            [](const std::string& t) { return contains(kMarkedTags, t); }))
                score -= 1;
            else if (std::any_of(item.tags.begin(), item.tags.end(),
                                 [](const std::string& t) { return contains(kRegionalTags, t); }))
                score -= 0.25;
            if (e.has_synonyms) score -= 0.5;
            score -= 0.5 * static_cast<double>(order);
            score -= 0.1 * static_cast<double>(word_count(item.text) - 1);
            const auto text = lower(item.text);
            if (std::any_of(hints.begin(), hints.end(),
                            [&](const std::string& h) { return count_mentions(text, h) > 0; }))
                score += 0.5;
            if (!best || score > best->score)
                best = RankedEntry{candidates[order], item.text, score};
        }
        if (best) ranked.push_back(*best);
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const RankedEntry& a, const RankedEntry& b) { return a.score > b.score; });
    return ranked;
}

std::optional<std::string> best_english(const std::vector<EngEntry>& entries, std::string_view word,
                                        const std::vector<std::string>& hints) {
    const auto ranked = rank_english(entries, word, hints);
    if (ranked.empty()) return std::nullopt;
    return ranked.front().english;
}

std::optional<std::string> best_swedish(const std::vector<SweEntry>& entries,
                                        std::string_view word) {
    const bool noun = starts_upper(word);
    // Passes: exact headword (nouns first when capitalised), then any case.
    for (int pass = 0; pass < 4; ++pass) {
        const bool exact = pass < 2;
        const bool want_noun = pass % 2 == 0;
        if (want_noun && !noun) continue;
        for (const auto& e : entries) {
            if (exact ? e.headword != word : !iequals(e.headword, word)) continue;
            if (want_noun && !e.has_tag("n")) continue;
            for (const auto& sense : e.senses)
                if (!sense.empty()) return sense.front();
        }
    }
    return std::nullopt;
}

std::optional<std::string> article_of(const std::vector<EngEntry>& entries, std::string_view word) {
    for (const auto& r : rank_english(entries, word)) {
        const auto& e = entries[r.entry];
        if (e.has_tag("masc")) return "der";
        if (e.has_tag("fem")) return "die";
        if (e.has_tag("neut")) return "das";
    }
    return std::nullopt;
}

}  // namespace ll::words
