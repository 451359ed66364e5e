#include "tests/support/test_backends.hpp"

#include <unistd.h>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include <soci/postgresql/soci-postgresql.h>
#include <soci/soci.h>

#include "adapters/memory/memory_backend.hpp"
#include "adapters/persistence/database_url.hpp"
#include "adapters/persistence/sql_backend.hpp"

namespace ll::test {
namespace {

std::atomic<int> counter{0};

std::string unique_suffix() {
    return std::to_string(::getpid()) + "_" + std::to_string(counter++);
}

struct MemoryDatabase final : TestDatabase {
    MemoryBackend memory;
    StorageBackend& backend() override { return memory; }
    std::string name() const override { return "memory"; }
    std::string url() const override { return ""; }
};

struct SqliteDatabase final : TestDatabase {
    explicit SqliteDatabase(int pool) {
        path =
            (std::filesystem::temp_directory_path() / ("langlearn-test-" + unique_suffix() + ".db"))
                .string();
        sql = std::make_unique<SqlBackend>(SqlBackendOptions{url(), pool, true});
    }
    ~SqliteDatabase() override {
        sql.reset();
        for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    }
    StorageBackend& backend() override { return *sql; }
    std::string name() const override { return "sqlite"; }
    std::string url() const override { return "sqlite://" + path; }
    std::string path;
    std::unique_ptr<SqlBackend> sql;
};

std::string cluster_url() {
    const char* url = std::getenv("LL_TEST_PG_URL");
    if (!url || !*url) {
        throw std::runtime_error(
            "LL_TEST_PG_URL is not set: PostgreSQL tests need the throw-away "
            "cluster that scripts/test.sh starts (make test)");
    }
    return url;
}

void admin(const std::string& statement) {
    soci::session s(*soci::factory_postgresql(), sql::parse_database_url(cluster_url()).connect);
    s << statement;
}

struct PostgresDatabase final : TestDatabase {
    explicit PostgresDatabase(int pool) {
        const std::string base = cluster_url();
        db_name = "t_" + unique_suffix();
        admin("CREATE DATABASE " + db_name);
        database_url = base.substr(0, base.rfind('/') + 1) + db_name;
        sql = std::make_unique<SqlBackend>(SqlBackendOptions{database_url, pool, true});
    }
    ~PostgresDatabase() override {
        sql.reset();
        try {
            admin("DROP DATABASE IF EXISTS " + db_name + " WITH (FORCE)");
        } catch (const std::exception&) {
            // The cluster is thrown away after the run anyway.
        }
    }
    StorageBackend& backend() override { return *sql; }
    std::string name() const override { return "postgresql"; }
    std::string url() const override { return database_url; }
    std::string db_name, database_url;
    std::unique_ptr<SqlBackend> sql;
};

}  // namespace

std::string test_backend_name() {
    const char* name = std::getenv("LL_TEST_BACKEND");
    return name && *name ? name : "memory";
}

std::unique_ptr<TestDatabase> make_test_database(int pool_size) {
    return make_test_database(test_backend_name(), pool_size);
}

std::unique_ptr<TestDatabase> make_test_database(const std::string& name, int pool_size) {
    if (name == "memory") return std::make_unique<MemoryDatabase>();
    if (name == "sqlite") return std::make_unique<SqliteDatabase>(pool_size);
    if (name == "postgresql") return std::make_unique<PostgresDatabase>(pool_size);
    throw std::runtime_error("LL_TEST_BACKEND must be memory, sqlite or postgresql, not " + name);
}

std::unique_ptr<StorageBackend> open_again(const TestDatabase& db, int pool_size) {
    if (db.url().empty()) throw std::logic_error("the memory backend cannot be opened twice");
    return std::make_unique<SqlBackend>(SqlBackendOptions{db.url(), pool_size, false});
}

}  // namespace ll::test
