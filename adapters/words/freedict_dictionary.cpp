#include "adapters/words/freedict_dictionary.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "adapters/words/german_text.hpp"
#include "core/ports/word_generator.hpp"

namespace ll::words {
namespace {

std::string existing_file(const std::string& dir, const std::string& name, const char* suffix) {
    const auto path = fmt::format("{}/freedict-{}{}", dir, name, suffix);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw GenerationError(
            fmt::format("FreeDict dictionary file {} is missing (install the Debian package "
                        "dict-freedict-{} or set the dictionary directory)",
                        path, name));
    return path;
}

}  // namespace

FreedictDictionary::FreedictDictionary(const std::string& dir, const std::string& name)
    : index_(existing_file(dir, name, ".index")), text_(existing_file(dir, name, ".dict.dz")) {}

std::vector<std::string> FreedictDictionary::texts(std::string_view word) const {
    std::vector<std::string> out;
    const auto key = lower(word);
    if (key.empty()) return out;
    for (const auto& at : index_.find(key)) out.push_back(text_.read(at.offset, at.length));
    return out;
}

std::vector<EngEntry> FreedictDictionary::eng_entries(std::string_view word) const {
    std::vector<EngEntry> out;
    for (const auto& text : texts(word)) out.push_back(parse_eng_entry(text));
    return out;
}

std::vector<SweEntry> FreedictDictionary::swe_entries(std::string_view word) const {
    std::vector<SweEntry> out;
    for (const auto& text : texts(word)) out.push_back(parse_swe_entry(text));
    return out;
}

}  // namespace ll::words
