#include "tests/http/authoring/support/sql_probe.hpp"

#include <memory>
#include <stdexcept>

#include <soci/postgresql/soci-postgresql.h>
#include <soci/soci.h>
#include <soci/sqlite3/soci-sqlite3.h>

#include "adapters/persistence/database_url.hpp"

namespace ll::test {

std::int64_t sql_integer(TestDatabase& db, const std::string& query) {
    if (db.url().empty()) throw std::logic_error("the memory backend has no SQL connection");
    const sql::DatabaseTarget target = sql::parse_database_url(db.url());
    soci::session s;
    if (target.dialect == sql::Dialect::sqlite) {
        s.open(*soci::factory_sqlite3(), target.connect);
        s << "PRAGMA busy_timeout = 10000";
    } else {
        s.open(*soci::factory_postgresql(), target.connect);
    }
    long long value = 0;
    s << query, soci::into(value);
    return value;
}

std::int64_t rows_where(TestDatabase& db, const std::string& table, const std::string& column,
                        std::int64_t id) {
    return sql_integer(
        db, "SELECT COUNT(*) FROM " + table + " WHERE " + column + " = " + std::to_string(id));
}

std::int64_t rows_of(TestDatabase& db, const std::string& table) {
    return sql_integer(db, "SELECT COUNT(*) FROM " + table);
}

}  // namespace ll::test
