#pragma once
// Choosing one English and one Swedish rendering of a German headword from its FreeDict entries.
//
// English (deu-eng lists every sense as its own entry, the first often a rare one: "Hund" is
// first the miner's cart): every entry with exactly this headword (else the same headword in
// another case) that is not a plural form or a word-formation element ("Haus…") offers the first
// item of each sense line. When the German word is capitalised, noun entries are preferred. A
// candidate scores
//   ln(1 + occurrences of the candidate, or its plural, in the English text of all entries)
//   - 1   when the line has domain tags and none of them is an everyday one ([zool.], [bot.],
//         [cook.], ...): "[techn.] crane trolley" for Katze
//   - 1   when the item is register-marked or rare ([coll.], [slang], [obs.], [Sc.], ...)
//   - 0.25 when it is a regional standard variant ([Br.], [Am.])
//   - 0.5 when the entry names synonyms (a secondary meaning: Haus = "home", see Zuhause)
//   - 0.5 per earlier entry, 0.1 per extra English word
//   + 0.5 when it contains a hint: for a compound, the English of its parts (Apfelsaft:
//         "apple juice" over "cider", Wasserhahn: "water tap" over "watercock").
// The examples make the common sense win: "dogs" appears in most examples of Hund.
//
// Swedish (deu-swe is much smaller and lists senses in order of frequency): the first item of
// the first translated sense of the first entry with this headword (nouns first when the word is
// capitalised).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/words/freedict_entry.hpp"

namespace ll::words {

struct RankedEntry {
    std::size_t entry = 0;  // index into the entries given
    std::string english;    // the best candidate of this entry
    double score = 0;
};

// One per usable entry, best first. `hints`: lower-case English words a good rendering may
// contain.
std::vector<RankedEntry> rank_english(const std::vector<EngEntry>& entries, std::string_view word,
                                      const std::vector<std::string>& hints = {});
std::optional<std::string> best_english(const std::vector<EngEntry>& entries, std::string_view word,
                                        const std::vector<std::string>& hints = {});
std::optional<std::string> best_swedish(const std::vector<SweEntry>& entries,
                                        std::string_view word);
// "der", "die" or "das" from the grammatical gender of the best-ranked noun entry.
std::optional<std::string> article_of(const std::vector<EngEntry>& entries, std::string_view word);

// Occurrences of `word` (lower-case) at word boundaries in `text` (lower-case), also followed by
// "s", "es" or "ren" (dogs, boxes, children).
std::size_t count_mentions(std::string_view text, std::string_view word);

}  // namespace ll::words
