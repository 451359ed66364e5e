#pragma once
// The text of FreeDict entries as dictd serves them, parsed into what the heuristics need.
//
// deu-eng (from Ding):
//   Hund /hˈʊnt/ <masc, n, sg>
//    [zool.] dog <n>, dawg <n>
//         Note: ...
//         "einen Hund abrichten"  - train a dog
//    Synonyms: {...}
//    see: {Hunde}, {Haushund}, ...
// deu-swe (from WikDict): a header, then the translations of sense 1, its German definition,
// "2. <translations>", its definition, ...; sub-senses without translation are " 3." lines.
#include <string>
#include <string_view>
#include <vector>

namespace ll::words {

struct EnglishItem {
    std::string text;               // "dog" (tags and parenthesised notes removed)
    std::vector<std::string> tags;  // the item's own [..] tags: "Br.", "coll.", ...
};

struct EnglishSense {
    std::vector<std::string> domains;  // leading [..] tags of the line: "zool.", "techn.", ...
    std::vector<EnglishItem> items;
};

struct EngEntry {
    std::string headword;           // as written: "Hund", "Haus…"
    std::vector<std::string> tags;  // header <..>: "masc", "n", "sg" / "pl" / "adj"
    std::vector<EnglishSense> senses;
    std::vector<std::string> english;  // sense lines and the English side of the examples
    std::vector<std::string> see;      // see: {..} references
    bool has_synonyms = false;

    bool has_tag(std::string_view tag) const;
    bool plural() const { return has_tag("pl") && !has_tag("sg"); }
    bool fragment() const;  // "Haus…": a word-formation element, not a word
};

struct SweEntry {
    std::string headword;
    std::vector<std::string> tags;                 // "n", "masc" / "suffix" / ...
    std::vector<std::vector<std::string>> senses;  // translations per numbered sense

    bool has_tag(std::string_view tag) const;
};

EngEntry parse_eng_entry(std::string_view text);
SweEntry parse_swe_entry(std::string_view text);

// Splits at ", " outside (), [], <>, {}.
std::vector<std::string> split_items(std::string_view text);
// Removes <..>, [..] and (..) groups (keeping the text when nothing else is left).
std::string strip_annotations(std::string_view text);

}  // namespace ll::words
