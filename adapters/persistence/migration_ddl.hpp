#pragma once
// The DDL that the embedded migrations run for one table, to build that table again where it
// is missing (ContentTx::ensure_link_tables): the table is defined once, in the migrations.
#include <string>
#include <string_view>
#include <vector>

#include "adapters/persistence/database_url.hpp"

namespace ll::sql {

// In migration order: its CREATE TABLE, every CREATE [UNIQUE] INDEX ... ON it and ALTER TABLE
// of it, and DROP INDEX of those indexes; the CREATEs made IF NOT EXISTS, the DROPs IF EXISTS.
// Statements that change rows (UPDATE, INSERT, SELECT setval) are not part of it.
std::vector<std::string> table_ddl(Dialect dialect, std::string_view table);

}  // namespace ll::sql
