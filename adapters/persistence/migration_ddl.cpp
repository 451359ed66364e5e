#include "adapters/persistence/migration_ddl.hpp"

#include <cctype>
#include <set>

#include "adapters/persistence/migrations.hpp"

namespace ll::sql {
namespace {

struct Token {
    std::string word;  // lower case, cut before a '('
    std::size_t end;   // offset just past the token in the statement
};

std::vector<Token> tokens_of(const std::string& statement) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < statement.size()) {
        while (i < statement.size() && std::isspace(static_cast<unsigned char>(statement[i]))) ++i;
        const std::size_t start = i;
        while (i < statement.size() && !std::isspace(static_cast<unsigned char>(statement[i])) &&
               statement[i] != '(')
            ++i;
        if (i == start) {
            ++i;  // a '(' on its own
            continue;
        }
        std::string word = statement.substr(start, i - start);
        for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        out.push_back(Token{word, i});
    }
    return out;
}

bool word_at(const std::vector<Token>& t, std::size_t i, std::string_view word) {
    return i < t.size() && t[i].word == word;
}

// `statement` with " IF NOT EXISTS" after token `after`, unless it says so already.
std::string if_not_exists(const std::string& statement, const std::vector<Token>& t,
                          std::size_t after) {
    if (word_at(t, after + 1, "if")) return statement;
    return statement.substr(0, t[after].end) + " IF NOT EXISTS" + statement.substr(t[after].end);
}

}  // namespace

std::vector<std::string> table_ddl(Dialect dialect, std::string_view table) {
    std::vector<std::string> out;
    std::set<std::string> indexes;  // of this table
    for (const auto& migration : migrations_for(dialect)) {
        for (const std::string& statement : statements_of(migration.sql)) {
            const std::vector<Token> t = tokens_of(statement);
            if (word_at(t, 0, "create") && word_at(t, 1, "table")) {
                const std::size_t name = word_at(t, 2, "if") ? 5 : 2;
                if (word_at(t, name, table)) out.push_back(if_not_exists(statement, t, 1));
            } else if (word_at(t, 0, "create") &&
                       (word_at(t, 1, "index") ||
                        (word_at(t, 1, "unique") && word_at(t, 2, "index")))) {
                const std::size_t index_word = word_at(t, 1, "index") ? 1 : 2;
                const std::size_t name =
                    word_at(t, index_word + 1, "if") ? index_word + 4 : index_word + 1;
                if (word_at(t, name + 1, "on") && word_at(t, name + 2, table)) {
                    indexes.insert(t[name].word);
                    out.push_back(if_not_exists(statement, t, index_word));
                }
            } else if (word_at(t, 0, "alter") && word_at(t, 1, "table")) {
                if (word_at(t, 2, table)) out.push_back(statement);
            } else if (word_at(t, 0, "drop") && word_at(t, 1, "index")) {
                const std::size_t name = word_at(t, 2, "if") ? 4 : 2;
                std::string index = name < t.size() ? t[name].word : "";
                if (!index.empty() && index.back() == ';') index.pop_back();
                if (indexes.count(index)) out.push_back("DROP INDEX IF EXISTS " + index);
            }
        }
    }
    return out;
}

}  // namespace ll::sql
