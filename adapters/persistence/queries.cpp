#include "adapters/persistence/queries.hpp"

#include <map>
#include <set>
#include <stdexcept>

namespace ll::sql {
namespace {

constexpr std::string_view kNameMarker = "-- name:";

std::string_view trimmed(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r\n");
    return s.substr(first, last - first + 1);
}

using Catalogue = std::map<std::string, std::string, std::less<>>;

// Every statement of the dialect by its full name: the shared files, then the dialect's own over
// them.
Catalogue catalogue_of(Dialect dialect) {
    const std::string own = dialect == Dialect::postgresql ? "postgresql" : "sqlite";
    Catalogue shared, dialect_own;
    for (const auto& file : embedded_query_files()) {
        const std::string_view from = file.dialect;
        if (!from.empty() && from != own) continue;
        Catalogue& into = from.empty() ? shared : dialect_own;
        for (auto& [name, text] : statements_in(file.text))
            into[std::string(file.slice) + "." + name] = std::move(text);
    }
    for (auto& [name, text] : dialect_own) shared[name] = std::move(text);
    return shared;
}

const Catalogue& catalogue(Dialect dialect) {
    static const Catalogue postgresql = catalogue_of(Dialect::postgresql);
    static const Catalogue sqlite = catalogue_of(Dialect::sqlite);
    return dialect == Dialect::postgresql ? postgresql : sqlite;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> statements_in(std::string_view file_text) {
    std::vector<std::pair<std::string, std::string>> out;
    std::set<std::string, std::less<>> names;
    std::size_t pos = 0;
    while (pos < file_text.size()) {
        auto end = file_text.find('\n', pos);
        if (end == std::string_view::npos) end = file_text.size();
        const std::string_view line = trimmed(file_text.substr(pos, end - pos));
        pos = end + 1;
        if (line.starts_with(kNameMarker)) {
            std::string name(trimmed(line.substr(kNameMarker.size())));
            if (name.empty() || !names.insert(name).second)
                throw std::logic_error("db/queries: empty or repeated statement name " + name);
            out.emplace_back(std::move(name), std::string());
        } else if (line.empty() || line.starts_with("--")) {
            continue;
        } else if (out.empty()) {
            throw std::logic_error("db/queries: SQL before the first -- name: line");
        } else {
            std::string& text = out.back().second;
            if (!text.empty()) text += '\n';
            text += line;
        }
    }
    for (auto& [name, text] : out) {
        if (text.ends_with(';')) text.pop_back();
        if (text.empty()) throw std::logic_error("db/queries: statement " + name + " is empty");
    }
    return out;
}

const std::string& query(Dialect dialect, std::string_view name) {
    const Catalogue& all = catalogue(dialect);
    const auto found = all.find(name);
    if (found == all.end())
        throw std::logic_error("db/queries: no statement named " + std::string(name));
    return found->second;
}

std::vector<std::string> query_names(Dialect dialect) {
    std::vector<std::string> names;
    for (const auto& [name, text] : catalogue(dialect)) names.push_back(name);
    return names;
}

}  // namespace ll::sql
