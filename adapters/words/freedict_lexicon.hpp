#pragma once
// The two FreeDict dictionaries together: translations, related headwords, levels. Immutable
// after construction, so one instance serves every thread.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "adapters/words/freedict_dictionary.hpp"

namespace ll::words {

struct Translation {
    std::string de, en, sv;
};

struct RelatedCandidate {
    std::string german;
    bool from_index = false;  // a lower-cased index key: take the case from the entry
};

class FreedictLexicon {
  public:
    // Loads both indexes; throws GenerationError when a dictionary file is missing.
    explicit FreedictLexicon(const std::string& dict_dir);

    // English and Swedish of a German word; nullopt when either dictionary has none. For a
    // candidate from an index key, `de` takes the headword's case from the dictionary.
    std::optional<Translation> translate(std::string_view german, bool from_index = false) const;
    std::optional<std::string> english(std::string_view german) const;
    std::optional<std::string> swedish(std::string_view german) const;
    std::optional<std::string> article(std::string_view german) const;

    // Headwords related to a German word, most related first (not yet filtered or translated):
    // 1. the "see:" references of its best-ranked deu-eng entry (Hund, dog: Haushund, ...);
    // 2. compounds in the deu-swe index (only words with a Swedish translation can be used)
    //    that end with the word (Schäferhund) or start with it (Hundehütte), shortest first,
    //    suffix and prefix compounds alternating; the rest must be a known word (so "Schund"
    //    is no compound of "Hund");
    // 3. the references of its other entries (other senses: Hund, miner's cart: Förderwagen).
    std::vector<RelatedCandidate> related(std::string_view german) const;

    // A compound: splits into two deu-eng headwords of at least 3 letters each, the first
    // possibly followed by a linking element (s, es, n, en, e, er): Haus|hund, Hund|e|hütte.
    bool is_compound(std::string_view german) const;
    // The parts of a compound (lower-case, the modifier without its linking element), the
    // longest head first: "apfelsaft" -> {"apfel", "saft"}; nullopt for other words.
    std::optional<std::pair<std::string, std::string>> split_compound(
        std::string_view german) const;
    // 1..100, see freedict_generator.hpp.
    int level(std::string_view german) const;

  private:
    // Parts of compounds (lower-case): a deu-eng headword of at least 3 letters; a modifier
    // may end with a linking element (Hund|e|hütte), a head may start with one.
    bool known_part(std::string_view lowered) const;
    // The modifier's base word ("hunde" -> "hund"), or nullopt.
    std::optional<std::string> known_modifier(std::string_view head) const;
    bool known_head(std::string_view tail) const;
    // For a compound, the English of its parts (hints for rank_english).
    std::vector<std::string> part_hints(std::string_view german) const;

    FreedictDictionary eng_;
    FreedictDictionary swe_;
};

// True when `candidate` is only an inflected form of `word`: the same word with a plural or
// case ending, umlauted or not (Hund: Hunde, Hunden; Apfel: Äpfel; Haus: Häuser).
bool is_inflection_of(std::string_view word, std::string_view candidate);

}  // namespace ll::words
