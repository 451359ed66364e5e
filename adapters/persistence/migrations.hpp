#pragma once
// The migration runner: numbered SQL files embedded at build time, each applied once, in
// order, in its own transaction, recorded in schema_migrations (docs/spec/decisions.md 9).
#include <chrono>
#include <stdexcept>
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

// How a PostgreSQL migration waits (docs/operations.md "Migrations"): each runs with
// lock_timeout and statement_timeout set for its transaction, so a table that a long
// transaction holds makes it give up soon instead of queueing every query of the site behind its
// lock; a lock timeout is tried again `tries` times in all, after `backoff`, doubled each time.
struct MigrateOptions {
    std::chrono::milliseconds lock_timeout{5000};
    std::chrono::milliseconds statement_timeout{30 * 60 * 1000};
    int tries = 5;
    std::chrono::milliseconds backoff{1000};
};

// A migration that found its tables locked on every try; nothing of it was applied.
struct MigrationLocked : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Applies what is pending; returns how many were applied. On PostgreSQL two runners at once
// never interleave: each migration's transaction first takes an advisory lock, so the second
// runner waits and then finds the migration recorded. Throws MigrationLocked (one line saying
// which migration and why) when a lock timeout outlasts the tries.
int migrate(Database& db, const MigrateOptions& options = {});
// Every embedded migration of the dialect is recorded as applied.
bool migrations_current(Database& db);

}  // namespace ll::sql
