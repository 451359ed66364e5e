#pragma once
// What the API cannot show: rows of the link tables and audios as they are stored (orphans
// included), read with plain SQL on a connection of its own. SQL backends only (the authoring
// HTTP suite runs on SQLite and PostgreSQL).
#include <cstdint>
#include <string>

#include "tests/support/test_backends.hpp"

namespace ll::test {

// The single integer `query` answers, e.g. "SELECT COUNT(*) FROM picture_words WHERE ...".
std::int64_t sql_integer(TestDatabase& db, const std::string& query);

// Rows of `table` whose `column` is `id`.
std::int64_t rows_where(TestDatabase& db, const std::string& table, const std::string& column,
                        std::int64_t id);

// Every row of `table`.
std::int64_t rows_of(TestDatabase& db, const std::string& table);

}  // namespace ll::test
