#pragma once
// DATABASE_URL -> SOCI backend name and connection string (docs/spec/decisions.md 2).
#include <string>

namespace ll::sql {

enum class Dialect { sqlite, postgresql };

struct DatabaseTarget {
    Dialect dialect;
    std::string backend;      // SOCI backend name: "sqlite3" or "postgresql"
    std::string connect;      // SOCI/libpq connection string (may hold a password: never log it)
    std::string sqlite_path;  // for sqlite
};

// postgresql:// and postgres:// URLs are read by libpq (PQconninfoParse), every URI form it
// accepts included (multi-host lists, target_session_attrs, sslmode, ...).
// Throws std::invalid_argument("DATABASE_URL: ...") for anything else than sqlite://PATH,
// postgresql://... or postgres://...
DatabaseTarget parse_database_url(const std::string& url);

inline const char* dialect_name(Dialect d) {
    return d == Dialect::sqlite ? "sqlite" : "postgresql";
}

}  // namespace ll::sql
