#include "adapters/words/dict_index.hpp"

#include <algorithm>
#include <fstream>
#include <limits>

#include <fmt/format.h>

#include "core/ports/word_generator.hpp"

namespace ll::words {

std::int64_t decode_dictd_number(std::string_view digits) {
    if (digits.empty() || digits.size() > 10) return -1;
    std::int64_t value = 0;
    for (const char c : digits) {
        int d = -1;
        if (c >= 'A' && c <= 'Z')
            d = c - 'A';
        else if (c >= 'a' && c <= 'z')
            d = c - 'a' + 26;
        else if (c >= '0' && c <= '9')
            d = c - '0' + 52;
        else if (c == '+')
            d = 62;
        else if (c == '/')
            d = 63;
        if (d < 0) return -1;
        value = value * 64 + d;
    }
    return value;
}

DictIndex::DictIndex(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) throw GenerationError(fmt::format("cannot open {}", path));
    // One read and a hand-rolled line scan: getline on 520k lines is several times slower.
    std::string text(static_cast<std::size_t>(in.tellg()), '\0');
    in.seekg(0);
    if (!in.read(text.data(), static_cast<std::streamsize>(text.size())))
        throw GenerationError(fmt::format("{}: read failed", path));
    constexpr auto kMax = std::numeric_limits<std::uint32_t>::max();
    keys_.reserve(text.size() / 2);
    records_.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    std::size_t number = 0;
    for (std::size_t start = 0; start < text.size();) {
        auto end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + start, end - start);
        start = end + 1;
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        const auto tab2 = line.rfind('\t');
        const auto tab1 = tab2 == std::string_view::npos || tab2 == 0 ? std::string_view::npos
                                                                      : line.rfind('\t', tab2 - 1);
        if (tab1 == std::string_view::npos)
            throw GenerationError(fmt::format("{}:{}: malformed index line", path, number));
        const auto offset = decode_dictd_number(line.substr(tab1 + 1, tab2 - tab1 - 1));
        const auto length = decode_dictd_number(line.substr(tab2 + 1));
        if (offset < 0 || length < 0 || offset > kMax || length > kMax || keys_.size() > kMax)
            throw GenerationError(fmt::format("{}:{}: malformed index line", path, number));
        records_.push_back({static_cast<std::uint32_t>(keys_.size()),
                            static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(length),
                            static_cast<std::uint32_t>(tab1)});
        keys_.append(line.substr(0, tab1));
    }
    keys_.shrink_to_fit();
    // dictd sorts in its own collation (the Debian files happen to be bytewise sorted); lookups
    // need bytewise order. Stable: the entries of one headword keep their file (sense) order.
    const auto less = [this](const Record& a, const Record& b) { return key(a) < key(b); };
    if (!std::is_sorted(records_.begin(), records_.end(), less))
        std::stable_sort(records_.begin(), records_.end(), less);
}

std::vector<DictIndex::Record>::const_iterator DictIndex::lower_bound(std::string_view k) const {
    return std::lower_bound(records_.begin(), records_.end(), k,
                            [this](const Record& r, std::string_view v) { return key(r) < v; });
}

std::vector<EntryLocation> DictIndex::find(std::string_view k) const {
    std::vector<EntryLocation> out;
    for (auto it = lower_bound(k); it != records_.end() && key(*it) == k; ++it)
        out.push_back({it->offset, it->length});
    return out;
}

bool DictIndex::contains(std::string_view k) const {
    const auto it = lower_bound(k);
    return it != records_.end() && key(*it) == k;
}

std::vector<std::string_view> DictIndex::keys_with_prefix(std::string_view prefix,
                                                          std::size_t limit) const {
    std::vector<std::string_view> out;
    for (auto it = lower_bound(prefix); it != records_.end() && out.size() < limit; ++it) {
        const auto k = key(*it);
        if (!k.starts_with(prefix)) break;
        if (k.size() > prefix.size() && (out.empty() || out.back() != k)) out.push_back(k);
    }
    return out;
}

std::vector<std::string_view> DictIndex::keys_with_suffix(std::string_view suffix,
                                                          std::size_t limit) const {
    std::vector<std::string_view> out;
    for (const auto& r : records_) {
        if (out.size() >= limit) break;
        const auto k = key(r);
        if (k.size() > suffix.size() && k.ends_with(suffix) && (out.empty() || out.back() != k))
            out.push_back(k);
    }
    return out;
}

}  // namespace ll::words
