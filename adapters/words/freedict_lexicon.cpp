#include "adapters/words/freedict_lexicon.hpp"

#include <algorithm>
#include <array>

#include "adapters/words/freedict_translate.hpp"
#include "adapters/words/german_text.hpp"

namespace ll::words {
namespace {

constexpr std::array<std::string_view, 6> kLinkingElements{"es", "en", "er", "s", "n", "e"};
constexpr std::array<std::string_view, 9> kInflectionEndings{"",    "e", "en", "n",  "er",
                                                             "ern", "s", "es", "ens"};
constexpr std::size_t kMaxIndexCompounds = 400;

bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The word with an umlaut on its last stem vowel: apfel -> äpfel, haus -> häus, hund -> hünd.
std::string umlauted(std::string_view w) {
    const auto at = w.find_last_of("aou");
    std::string out(w);
    if (at == std::string_view::npos) return out;
    if (w[at] == 'u' && at > 0 && w[at - 1] == 'a') return out.replace(at - 1, 2, "äu");
    return out.replace(at, 1, w[at] == 'a' ? "ä" : w[at] == 'o' ? "ö" : "ü");
}

}  // namespace

bool is_inflection_of(std::string_view word, std::string_view candidate) {
    const auto w = lower(word);
    const auto c = lower(candidate);
    for (const auto& stem : {w, umlauted(w)}) {
        if (!c.starts_with(stem)) continue;
        const auto rest = std::string_view(c).substr(stem.size());
        if (std::find(kInflectionEndings.begin(), kInflectionEndings.end(), rest) !=
            kInflectionEndings.end())
            return true;
    }
    return false;
}

FreedictLexicon::FreedictLexicon(const std::string& dict_dir)
    : eng_(dict_dir, "deu-eng"), swe_(dict_dir, "deu-swe") {}

std::vector<std::string> FreedictLexicon::part_hints(std::string_view german) const {
    std::vector<std::string> hints;
    if (const auto parts = split_compound(german)) {
        for (const auto& part : {parts->first, parts->second}) {
            // Parts are mostly nouns: the capitalised headword first (Arm, not arm "poor").
            const auto noun = capitalized(part);
            auto en = best_english(eng_.eng_entries(noun), noun);
            if (!en) en = best_english(eng_.eng_entries(part), part);
            if (en) hints.push_back(lower(*en));
        }
    }
    return hints;
}

std::optional<std::string> FreedictLexicon::english(std::string_view german) const {
    return best_english(eng_.eng_entries(german), german, part_hints(german));
}

std::optional<std::string> FreedictLexicon::swedish(std::string_view german) const {
    return best_swedish(swe_.swe_entries(german), german);
}

std::optional<std::string> FreedictLexicon::article(std::string_view german) const {
    return article_of(eng_.eng_entries(german), german);
}

std::optional<Translation> FreedictLexicon::translate(std::string_view german,
                                                      bool from_index) const {
    const auto swe = swe_.swe_entries(german);
    std::string de(german);
    if (from_index) {
        // Prefer the noun's capitalised headword ("haushund" -> "Haushund").
        for (const auto& e : swe) {
            if (!iequals(e.headword, german)) continue;
            if (e.has_tag("n")) {
                de = e.headword;
                break;
            }
            if (de == german) de = e.headword;
        }
    }
    auto sv = best_swedish(swe, de);
    if (!sv) return std::nullopt;
    auto en = english(de);
    if (!en) return std::nullopt;
    return Translation{std::move(de), std::move(*en), std::move(*sv)};
}

std::optional<std::pair<std::string, std::string>> FreedictLexicon::split_compound(
    std::string_view german) const {
    const auto w = lower(german);
    if (w.find(' ') != std::string::npos) return std::nullopt;
    for (std::size_t i = 1; i < w.size(); ++i) {
        if (is_continuation(w[i])) continue;
        const auto head = std::string_view(w).substr(i);
        if (!known_part(head)) continue;
        if (auto modifier = known_modifier(std::string_view(w).substr(0, i)))
            return std::pair{std::move(*modifier), std::string(head)};
    }
    return std::nullopt;
}

bool FreedictLexicon::is_compound(std::string_view german) const {
    return split_compound(german).has_value();
}

// Levels (1..100; the core validates): grows with length and with compounding, so base words
// of a picture come before their compounds and phrases.
//   one simple word:  2 * letters - 3, clamped to 5..20  (Hund 5, Katze 7, Fenster 11)
//   a compound:       10 + 2 * letters, clamped to 20..50 (Haushund 26, Schäferhund 32)
//   a two-word phrase: 25 + letters,   clamped to 30..60 (knurriger Hund 38)
int FreedictLexicon::level(std::string_view german) const {
    const auto letters = static_cast<int>(letter_count(german));
    if (word_count(german) > 1) return std::clamp(25 + letters, 30, 60);
    if (is_compound(german)) return std::clamp(10 + 2 * letters, 20, 50);
    return std::clamp(2 * letters - 3, 5, 20);
}

bool FreedictLexicon::known_part(std::string_view lowered) const {
    return letter_count(lowered) >= 3 && eng_.index().contains(lowered);
}

std::optional<std::string> FreedictLexicon::known_modifier(std::string_view head) const {
    if (known_part(head)) return std::string(head);
    for (const auto link : kLinkingElements)
        if (head.ends_with(link) && known_part(head.substr(0, head.size() - link.size())))
            return std::string(head.substr(0, head.size() - link.size()));
    return std::nullopt;
}

bool FreedictLexicon::known_head(std::string_view tail) const {
    if (known_part(tail)) return true;
    return std::any_of(kLinkingElements.begin(), kLinkingElements.end(), [&](std::string_view l) {
        return tail.starts_with(l) && known_part(tail.substr(l.size()));
    });
}

std::vector<RelatedCandidate> FreedictLexicon::related(std::string_view german) const {
    std::vector<RelatedCandidate> out;
    const auto entries = eng_.eng_entries(german);
    const auto ranked = rank_english(entries, german);
    if (!ranked.empty())
        for (const auto& ref : entries[ranked.front().entry].see) out.push_back({ref, false});

    const auto key = lower(german);
    if (letter_count(key) >= 3 && key.find(' ') == std::string::npos) {
        const auto& index = swe_.index();
        const auto by_length = [](std::string_view a, std::string_view b) {
            return a.size() < b.size();
        };
        const auto plain = [&](std::string_view k) {
            return k.find_first_of(" -") == std::string_view::npos && !is_inflection_of(key, k);
        };
        // Split exactly at the word: "schund" ends with "hund" but "sc" is no word.
        std::vector<std::string_view> suffixed, prefixed;
        for (const auto k : index.keys_with_suffix(key, kMaxIndexCompounds))
            if (plain(k) && known_modifier(k.substr(0, k.size() - key.size())).has_value())
                suffixed.push_back(k);
        for (const auto k : index.keys_with_prefix(key, kMaxIndexCompounds))
            if (plain(k) && known_head(k.substr(key.size()))) prefixed.push_back(k);
        std::stable_sort(suffixed.begin(), suffixed.end(), by_length);
        std::stable_sort(prefixed.begin(), prefixed.end(), by_length);
        for (std::size_t i = 0; i < std::max(suffixed.size(), prefixed.size()); ++i) {
            if (i < suffixed.size()) out.push_back({std::string(suffixed[i]), true});
            if (i < prefixed.size()) out.push_back({std::string(prefixed[i]), true});
        }
    }

    // The other senses last: their references are often about another meaning (Hund, the
    // miner's cart: Förderwagen).
    std::vector<std::size_t> rest;
    for (std::size_t i = 1; i < ranked.size(); ++i) rest.push_back(ranked[i].entry);
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (std::find(rest.begin(), rest.end(), i) == rest.end() &&
            (ranked.empty() || i != ranked.front().entry) && iequals(entries[i].headword, german))
            rest.push_back(i);
    for (const auto i : rest)
        for (const auto& ref : entries[i].see) out.push_back({ref, false});
    return out;
}

}  // namespace ll::words
