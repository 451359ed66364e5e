#include "adapters/words/freedict_entry.hpp"

#include <algorithm>

#include "adapters/words/german_text.hpp"

namespace ll::words {
namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto nl = text.find('\n', start);
        out.push_back(text.substr(start, nl == std::string_view::npos ? nl : nl - start));
        if (nl == std::string_view::npos) break;
        start = nl + 1;
    }
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// "Hund /hˈʊnt/ <masc, n, sg>": the headword ends at the pronunciation or the tags.
void parse_header(std::string_view header, std::string& headword, std::vector<std::string>& tags) {
    header = trim(header);
    auto end = std::min(header.find(" /"), header.find(" <"));
    headword = squeeze(header.substr(0, end));
    const auto open = header.rfind('<');
    const auto close = header.rfind('>');
    if (open != std::string_view::npos && close != std::string_view::npos && close > open &&
        (end == std::string_view::npos || open > end))
        tags = split_trimmed(header.substr(open + 1, close - open - 1), ",");
}

// The {..} names in a "see:" or "Synonyms:" line.
std::vector<std::string> braced(std::string_view line) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while ((at = line.find('{', at)) != std::string_view::npos) {
        const auto close = line.find('}', at);
        if (close == std::string_view::npos) break;
        out.push_back(squeeze(line.substr(at + 1, close - at - 1)));
        at = close + 1;
    }
    return out;
}

// The [..] groups of a text.
std::vector<std::string> bracket_tags(std::string_view text) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while ((at = text.find('[', at)) != std::string_view::npos) {
        const auto close = text.find(']', at);
        if (close == std::string_view::npos) break;
        out.push_back(squeeze(text.substr(at + 1, close - at - 1)));
        at = close + 1;
    }
    return out;
}

bool is_digits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool EngEntry::has_tag(std::string_view tag) const {
    return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

bool EngEntry::fragment() const {
    return headword.ends_with("…") || headword.ends_with("...") || headword.starts_with("…") ||
           headword.ends_with("-") || headword.starts_with("-");
}

bool SweEntry::has_tag(std::string_view tag) const {
    return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

std::vector<std::string> split_items(std::string_view text) {
    std::vector<std::string> out;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(' || c == '[' || c == '<' || c == '{') ++depth;
        if ((c == ')' || c == ']' || c == '>' || c == '}') && depth > 0) --depth;
        if (c == ',' && depth == 0) {
            out.push_back(squeeze(text.substr(start, i - start)));
            start = i + 1;
        }
    }
    out.push_back(squeeze(text.substr(start)));
    return out;
}

std::string strip_annotations(std::string_view text) {
    std::string out;
    int depth = 0;
    for (const char c : text) {
        if (c == '(' || c == '[' || c == '<') {
            ++depth;
            continue;
        }
        if ((c == ')' || c == ']' || c == '>') && depth > 0) {
            --depth;
            continue;
        }
        if (depth == 0) out.push_back(c);
    }
    out = squeeze(out);
    return out.empty() ? squeeze(text) : out;
}

EngEntry parse_eng_entry(std::string_view text) {
    EngEntry entry;
    const auto lines = lines_of(text);
    if (lines.empty()) return entry;
    parse_header(lines[0], entry.headword, entry.tags);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const auto line = trim(lines[i]);
        if (line.empty() || line.starts_with("Note:")) continue;
        if (line.starts_with("\"")) {
            // "deutscher Satz"  - English sentence
            const auto dash = line.find("\"  - ");
            if (dash != std::string_view::npos) entry.english.emplace_back(line.substr(dash + 5));
            continue;
        }
        if (line.starts_with("Synonym")) {
            entry.has_synonyms = true;
            continue;
        }
        if (line.starts_with("see:")) {
            for (auto& ref : braced(line)) entry.see.push_back(std::move(ref));
            continue;
        }
        // A sense line: leading [domain] tags, then items separated by commas.
        EnglishSense sense;
        auto body = line;
        while (body.starts_with("[")) {
            const auto close = body.find(']');
            if (close == std::string_view::npos) break;
            sense.domains.push_back(squeeze(body.substr(1, close - 1)));
            body = trim(body.substr(close + 1));
        }
        entry.english.emplace_back(body);
        for (const auto& raw : split_items(body)) {
            // The rendering comes before its tags; anything after them is an abbreviation
            // ("motorway <n> [Br.] M", "hybrid electric vehicle <n>HEV").
            const auto tags_at = raw.find_first_of("<[");
            auto text = strip_annotations(std::string_view(raw).substr(0, tags_at));
            EnglishItem item{text.empty() ? strip_annotations(raw) : std::move(text),
                             bracket_tags(raw)};
            if (!item.text.empty()) sense.items.push_back(std::move(item));
        }
        if (!sense.items.empty()) entry.senses.push_back(std::move(sense));
    }
    return entry;
}

SweEntry parse_swe_entry(std::string_view text) {
    SweEntry entry;
    const auto lines = lines_of(text);
    if (lines.empty()) return entry;
    parse_header(lines[0], entry.headword, entry.tags);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        auto line = trim(lines[i]);
        // The first line holds sense 1 (numbered or not); later senses start with "N. ".
        bool numbered = false;
        const auto dot = line.find(". ");
        if (dot != std::string_view::npos && is_digits(line.substr(0, dot))) {
            line = trim(line.substr(dot + 2));
            numbered = true;
        }
        if (i > 1 && !numbered) continue;  // a German definition
        // "1. katt 2." announces the next (untranslated) sub-sense at the end of the line.
        const auto last_space = line.rfind(' ');
        if (last_space != std::string_view::npos && line.ends_with(".") &&
            is_digits(line.substr(last_space + 1, line.size() - last_space - 2)))
            line = trim(line.substr(0, last_space));
        if (line.ends_with(".") && is_digits(line.substr(0, line.size() - 1))) continue;
        std::vector<std::string> items;
        for (const auto& raw : split_items(line)) {
            auto item = strip_annotations(raw);
            if (!item.empty()) items.push_back(std::move(item));
        }
        if (!items.empty()) entry.senses.push_back(std::move(items));
    }
    return entry;
}

}  // namespace ll::words
