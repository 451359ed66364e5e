#include "adapters/persistence/migrations.hpp"

#include <algorithm>
#include <set>
#include <string_view>
#include <thread>

#include <fmt/format.h>
#include <soci/postgresql/soci-postgresql.h>

namespace ll::sql {
namespace {

// The advisory lock every runner takes in each migration's transaction (PostgreSQL): any fixed
// number; this one spells "llmig".
constexpr long long kMigrationLock = 0x6c6c6d6967;

void take_runner_lock(soci::session& s) {
    int taken = 0;
    s << "SELECT 1 FROM (SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) +
             ")) AS runner",
        soci::into(taken);
}

// Under the runner's lock: two runners' CREATE TABLE IF NOT EXISTS at once can still collide on
// PostgreSQL's catalog.
void ensure_table(Database& db) {
    db.write([&](soci::session& s) {
        if (db.dialect() == Dialect::postgresql) take_runner_lock(s);
        s << "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, "
             "applied_at TEXT NOT NULL)";
    });
}

// SQLSTATE 55P03 lock_not_available: lock_timeout ran out.
bool lock_timed_out(const soci::soci_error& e) {
    const auto* pg = dynamic_cast<const soci::postgresql_soci_error*>(&e);
    return pg && pg->sqlstate() == "55P03";
}

// Applies one migration unless it is recorded; true when it was recorded already.
bool apply(Database& db, const EmbeddedMigration& m, const MigrateOptions& options) {
    const std::string version = m.name;
    return db.write([&](soci::session& s) {
        if (db.dialect() == Dialect::postgresql) {
            // The runner's lock first (waited for as long as the other runner takes), then the
            // timeouts that bound this migration's own waits and statements.
            take_runner_lock(s);
            s << "SET LOCAL lock_timeout = " + std::to_string(options.lock_timeout.count());
            s << "SET LOCAL statement_timeout = " +
                     std::to_string(options.statement_timeout.count());
        }
        // Checked inside the transaction, under the runner's lock (SQLite: under its one
        // writer's BEGIN IMMEDIATE): a second runner finds what the first applied.
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

int migrate(Database& db, const MigrateOptions& options) {
    ensure_table(db);
    int count = 0;
    for (const auto& m : migrations_for(db.dialect())) {
        auto wait = options.backoff;
        for (int attempt = 1;; ++attempt) {
            try {
                if (!apply(db, m, options)) ++count;
                break;
            } catch (const soci::soci_error& e) {
                if (!lock_timed_out(e)) throw;
                if (attempt >= options.tries) {
                    throw MigrationLocked(fmt::format(
                        "migration {}: a table it changes stayed locked by other transactions "
                        "({} tries, {} ms lock_timeout each); nothing of it was applied: run it "
                        "again when they have ended (pg_stat_activity lists them)",
                        m.name, attempt, options.lock_timeout.count()));
                }
                std::this_thread::sleep_for(wait);
                wait *= 2;
            }
        }
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
