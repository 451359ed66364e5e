#include "adapters/persistence/migrations.hpp"

#include <algorithm>
#include <set>
#include <string_view>

namespace ll::sql {
namespace {

void ensure_table(Database& db) {
    db.autocommit([&](soci::session& s) {
        s << "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, "
             "applied_at TEXT NOT NULL)";
    });
}

std::set<std::string> applied(Database& db) {
    return db.read([&](soci::session& s) {
        std::set<std::string> versions;
        soci::rowset<std::string> rows = (s.prepare << "SELECT version FROM schema_migrations");
        for (const auto& v : rows) versions.insert(v);
        return versions;
    });
}

}  // namespace

// Our migrations put every statement's closing semicolon at a line end and use no semicolons
// inside literals there; function bodies ($$ ... $$) are kept whole.
std::vector<std::string> statements_of(std::string_view sql) {
    std::vector<std::string> out;
    std::string current;
    std::size_t start = 0;
    bool in_body = false;  // inside a $$ ... $$ function body, whose lines end in ';' too
    while (start < sql.size()) {
        std::size_t end = sql.find('\n', start);
        if (end == std::string_view::npos) end = sql.size();
        std::string_view line = sql.substr(start, end - start);
        start = end + 1;
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || (!in_body && line.substr(first, 2) == "--"))
            continue;
        current.append(line).push_back('\n');
        for (auto at = line.find("$$"); at != std::string_view::npos; at = line.find("$$", at + 2))
            in_body = !in_body;
        const auto last = line.find_last_not_of(" \t\r");
        if (!in_body && line[last] == ';') {
            out.push_back(current);
            current.clear();
        }
    }
    if (current.find_first_not_of(" \t\r\n") != std::string::npos) out.push_back(current);
    return out;
}

std::vector<EmbeddedMigration> migrations_for(Dialect dialect) {
    std::vector<EmbeddedMigration> out;
    for (const auto& m : embedded_migrations()) {
        if (std::string_view(m.dialect) == dialect_name(dialect)) out.push_back(m);
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return std::string_view(a.name) < std::string_view(b.name);
    });
    return out;
}

int migrate(Database& db) {
    ensure_table(db);
    int count = 0;
    for (const auto& m : migrations_for(db.dialect())) {
        const std::string version = m.name;
        const bool done = db.write([&](soci::session& s) {
            // Checked inside the transaction: two processes migrating at once apply each file once
            // (the second waits on the first's insert of the same primary key).
            int exists = 0;
            s << "SELECT COUNT(*) FROM schema_migrations WHERE version = :v", soci::use(version),
                soci::into(exists);
            if (exists) return true;
            for (const auto& statement : statements_of(m.sql)) s << statement;
            s << "INSERT INTO schema_migrations (version, applied_at) VALUES (:v, "
                 "CURRENT_TIMESTAMP)",
                soci::use(version);
            return false;
        });
        if (!done) ++count;
    }
    return count;
}

bool migrations_current(Database& db) {
    try {
        const auto versions = applied(db);
        for (const auto& m : migrations_for(db.dialect())) {
            if (!versions.count(m.name)) return false;
        }
        return true;
    } catch (const soci::soci_error&) {
        return false;  // no schema_migrations table yet
    }
}

}  // namespace ll::sql
