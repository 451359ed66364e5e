#pragma once
// The storage backend a test runs on, chosen by LL_TEST_BACKEND (memory, sqlite, postgresql).
// Each call gives a fresh, migrated, empty database: a temp file for SQLite, a new database in
// the throw-away cluster (LL_TEST_PG_URL) for PostgreSQL. A missing LL_TEST_PG_URL is an error,
// never a skip.
#include <memory>
#include <string>

#include "core/ports/storage_backend.hpp"

namespace ll::test {

struct TestDatabase {
    virtual ~TestDatabase() = default;
    virtual StorageBackend& backend() = 0;
    virtual std::string name() const = 0;  // memory, sqlite, postgresql
    virtual std::string url() const = 0;   // DATABASE_URL of this database ("" for memory)
};

std::string test_backend_name();
std::unique_ptr<TestDatabase> make_test_database(int pool_size = 4);
// The same on a named store, whatever LL_TEST_BACKEND says (tests comparing the stores).
std::unique_ptr<TestDatabase> make_test_database(const std::string& name, int pool_size);
// A second backend object on the same database (another "process").
std::unique_ptr<StorageBackend> open_again(const TestDatabase& db, int pool_size = 4);

}  // namespace ll::test
