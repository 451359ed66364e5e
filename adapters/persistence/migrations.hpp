#pragma once
// The migration runner: numbered SQL files embedded at build time, each applied once, in
// order, in its own transaction, recorded in schema_migrations (docs/spec/decisions.md 9).
#include <string>
#include <string_view>
#include <vector>

#include "adapters/persistence/database.hpp"

namespace ll::sql {

struct EmbeddedMigration {
    const char* dialect;  // "postgresql" or "sqlite"
    const char* name;     // "0001_schema.sql"
    const char* sql;
};

const std::vector<EmbeddedMigration>& embedded_migrations();

// The statements of a migration file, split at semicolons that end a line outside $$-quoted
// function bodies; whole-line comments outside such bodies are left out.
std::vector<std::string> statements_of(std::string_view sql);

// The migrations of one dialect, ordered by name.
std::vector<EmbeddedMigration> migrations_for(Dialect dialect);

// Applies what is pending; returns how many were applied.
int migrate(Database& db);
// Every embedded migration of the dialect is recorded as applied.
bool migrations_current(Database& db);

}  // namespace ll::sql
