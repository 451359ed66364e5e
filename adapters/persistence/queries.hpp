#pragma once
// The SQL the repositories send lives in db/queries, not in C++ strings (docs/architecture.md
// "SQL"): one file per slice (`db/queries/refresh_sessions.sql`), each statement under a
// `-- name: NAME` line and known as `SLICE.NAME`. A statement both dialects take alike is written
// once; where they differ, `db/queries/postgresql/SLICE.sql` and `db/queries/sqlite/SLICE.sql`
// hold the dialect's own text under the same name. The files are embedded at build time, like
// the migrations, so the binaries never read the source tree.
//
// Parameters are named (`:user_id`) and bound by name (soci::use(value, "user_id")). Instants
// are bound as text in the wire format ("2026-11-25T08:00:00.000Z") and read back as text with
// `CAST(column AS TEXT)` (SQLite keeps that text; PostgreSQL prints its TIMESTAMPTZ in the
// session's zone, UTC, which parse_timestamp reads).
#include <string>
#include <string_view>
#include <vector>

#include "adapters/persistence/database_url.hpp"

namespace ll::sql {

struct EmbeddedQueryFile {
    const char* dialect;  // "" for both, "postgresql" or "sqlite"
    const char* slice;    // the file's name without .sql
    const char* text;
};

const std::vector<EmbeddedQueryFile>& embedded_query_files();

// The text of statement `name` ("refresh_sessions.find_family") for `dialect`: the dialect's own
// when it has one, else the shared one. An unknown name is a programming error (every statement
// runs in the contract tests): std::logic_error.
const std::string& query(Dialect dialect, std::string_view name);

// Every statement name of the dialect (for the tests).
std::vector<std::string> query_names(Dialect dialect);

// The statements of one file: (name, text) in file order. Comment lines are left out; a
// statement ends at the next `-- name:` line or the end of the file (a final `;` is dropped).
// Throws std::logic_error for text before the first name or a name given twice.
std::vector<std::pair<std::string, std::string>> statements_in(std::string_view file_text);

}  // namespace ll::sql
