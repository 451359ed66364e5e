#pragma once
// The storage backend on SOCI: SQLite or PostgreSQL, chosen by DATABASE_URL.
#include <memory>
#include <string>

#include "core/ports/storage_backend.hpp"

namespace ll {

struct SqlBackendOptions {
    std::string
        database_url;   // sqlite://PATH | postgresql://user:pass@host:port/db | postgres://...
    int pool_size = 4;  // sessions in the pool
    bool auto_migrate = false;  // apply pending migrations at construction
};

class SqlBackend final : public PortOwningBackend {
  public:
    // Throws std::invalid_argument("DATABASE_URL: ...") for a bad URL, ll::DatabaseUnavailable
    // when the database cannot be reached.
    explicit SqlBackend(const SqlBackendOptions& options);
    ~SqlBackend() override;

    bool ready() override;  // reachable and migrations current

    struct PoolStats {
        int size = 0;
        int in_use = 0;
        int waiting = 0;  // threads waiting for a session (logins on the hashing pool included)
    };
    PoolStats pool_stats() const;
    std::string dialect() const;  // "sqlite" or "postgresql"

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Applies pending migrations (embedded in the binary), returns how many were applied.
int apply_migrations(const std::string& database_url);

}  // namespace ll
