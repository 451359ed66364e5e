#pragma once
// Test-only access to the content tables behind the ContentStore port, for what the port
// cannot do by design: leave orphans behind (legacy data) and lose a link table.
#include <set>
#include <string>

#include "core/domain/types.hpp"
#include "tests/support/test_backends.hpp"

namespace ll::test {

// Deletes one row of a content table (pictures, objects, words, categories, statements,
// questions, pairs) and nothing else: its link records and audios stay as orphans. SQL: on a
// dedicated connection with foreign keys off (SQLite PRAGMA foreign_keys = OFF; PostgreSQL
// session_replication_role = replica, which needs the superuser of the test cluster).
void erase_row_unchecked(TestDatabase& db, const std::string& table, Id id);

// SQL only: DROP TABLE on a dedicated connection.
void drop_table(TestDatabase& db, const std::string& table);

// SQL only: the names of the indexes of one table (the primary key and unique constraints'
// indexes included).
std::set<std::string> index_names(TestDatabase& db, const std::string& table);

}  // namespace ll::test
