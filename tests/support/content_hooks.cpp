#include "tests/support/content_hooks.hpp"

#include <memory>
#include <stdexcept>

#include <soci/postgresql/soci-postgresql.h>
#include <soci/soci.h>
#include <soci/sqlite3/soci-sqlite3.h>

#include "adapters/memory/memory_backend.hpp"
#include "adapters/persistence/database_url.hpp"

namespace ll::test {
namespace {

// A connection of its own, outside the backend's pool and outside any transaction.
std::unique_ptr<soci::session> raw_session(const TestDatabase& db) {
    if (db.url().empty()) throw std::logic_error("the memory backend has no SQL connection");
    const sql::DatabaseTarget target = sql::parse_database_url(db.url());
    auto s = std::make_unique<soci::session>();
    if (target.dialect == sql::Dialect::sqlite) {
        s->open(*soci::factory_sqlite3(), target.connect);
        *s << "PRAGMA busy_timeout = 10000";
    } else {
        s->open(*soci::factory_postgresql(), target.connect);
    }
    return s;
}

bool is_sqlite(const TestDatabase& db) {
    return sql::parse_database_url(db.url()).dialect == sql::Dialect::sqlite;
}

const std::set<std::string>& content_tables() {
    static const std::set<std::string> tables{"pictures",   "objects",   "words", "categories",
                                              "statements", "questions", "pairs"};
    return tables;
}

}  // namespace

void erase_row_unchecked(TestDatabase& db, const std::string& table, Id id) {
    if (!content_tables().count(table)) throw std::invalid_argument("no content table " + table);
    if (auto* memory = dynamic_cast<MemoryBackend*>(&db.backend())) {
        memory->erase_content_row_unchecked(table, id);
        return;
    }
    auto s = raw_session(db);
    // Off for this connection only; SQLite ignores the pragma inside a transaction.
    *s << (is_sqlite(db) ? "PRAGMA foreign_keys = OFF" : "SET session_replication_role = replica");
    long long row = id;
    *s << "DELETE FROM " + table + " WHERE id = :id", soci::use(row);
}

void drop_table(TestDatabase& db, const std::string& table) {
    auto s = raw_session(db);
    *s << "DROP TABLE " + table;
}

std::set<std::string> index_names(TestDatabase& db, const std::string& table) {
    auto s = raw_session(db);
    std::set<std::string> names;
    const std::string query =
        is_sqlite(db) ? "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = :t"
                      : "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() "
                        "AND tablename = :t";
    soci::rowset<std::string> rows = (s->prepare << query, soci::use(table));
    for (const auto& name : rows) names.insert(name);
    return names;
}

}  // namespace ll::test
