#pragma once
// A pool of SOCI sessions and the ways the repositories use it: a read on any session, a read
// on one snapshot, a write of one statement, and a write transaction. All detect a dead
// connection (server restart) or one that reached a server which no longer takes writes (a
// demoted primary, SQLSTATE 25006), reconnect through DATABASE_URL's host list, and run the
// work once more; a database that stays away becomes ll::DatabaseUnavailable (-> 503 with
// Retry-After). docs/operations.md "High availability" tells what a failover looks like.
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <type_traits>
#include <typeindex>
#include <vector>

#include <soci/soci.h>

#include "adapters/persistence/database_url.hpp"
#include "core/domain/errors.hpp"

namespace ll::sql {

class Database {
  public:
    // Opens `pool_size` sessions; throws DatabaseUnavailable when none can be opened.
    Database(DatabaseTarget target, int pool_size);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    Dialect dialect() const { return target_.dialect; }
    int size() const { return static_cast<int>(sessions_.size()); }
    int in_use() const;
    int waiting() const;  // threads queued for a session

    // Per-session state built once and reused, e.g. prepared statements: `make(session)` runs
    // the first time a session needs a T, and again after that session reconnected (prepared
    // statements die with their connection). Only the thread holding the session uses it.
    template <typename T, typename Make>
    T& cached(soci::session& s, Make&& make) {
        std::lock_guard lock(cache_mutex_);
        auto& slot = cache_[{&s, std::type_index(typeid(T))}];
        if (!slot) slot = std::shared_ptr<void>(make(s));
        return *static_cast<T*>(slot.get());
    }

    template <typename F>
    auto read(F&& work) {
        Lease lease(*this);
        return run_with_retry(lease, [&](soci::session& s) { return work(s); });
    }

    // A write of one statement in autocommit, atomic by itself: no BEGIN and COMMIT round
    // trips (the booking's guarded write on PostgreSQL). SQLite: on the writer session, as in
    // write(), so it never meets "database is locked".
    template <typename F>
    auto autocommit(F&& work) {
        if (target_.dialect == Dialect::sqlite) {
            std::lock_guard writer(writer_mutex_);
            return work(*sqlite_writer_);
        }
        Lease lease(*this);
        return run_with_retry(lease, [&](soci::session& s) { return work(s); });
    }

    // One transaction. SQLite: every write goes through one writer session under a mutex and
    // takes the write lock up front (BEGIN IMMEDIATE), so concurrent bookings never meet
    // "database is locked"; and as the only connection of this process that changes the file
    // (but for a media store in the database, MEDIA_STORE=database, whose own writer stores an
    // upload now and then: docs/operations.md "Media"), its page cache stays valid from one
    // transaction to the next, where a pooled session's was dropped whenever another session had
    // committed since its last use and every page read again (docs/performance.md "The learning
    // engine").
    template <typename F>
    auto write(F&& work) {
        if (target_.dialect == Dialect::sqlite) {
            std::lock_guard writer(writer_mutex_);
            return in_transaction(*sqlite_writer_, "BEGIN IMMEDIATE", work);
        }
        Lease lease(*this);
        return run_with_retry(lease,
                              [&](soci::session& s) { return in_transaction(s, "BEGIN", work); });
    }

    // Reads on one consistent snapshot. SQLite: a deferred BEGIN (the WAL snapshot of the first
    // read holds until COMMIT; no write lock, no writer mutex, writers go on meanwhile).
    // PostgreSQL: REPEATABLE READ READ ONLY (one snapshot for the whole transaction).
    template <typename F>
    auto snapshot(F&& work) {
        Lease lease(*this);
        return run_with_retry(lease, [&](soci::session& s) {
            return in_transaction(s,
                                  target_.dialect == Dialect::sqlite
                                      ? "BEGIN"
                                      : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
                                  work);
        });
    }

  private:
    struct Lease {
        explicit Lease(Database& db);
        ~Lease();
        Database& db;
        std::size_t index;
        soci::session& session() { return *db.sessions_[index]; }
    };

    // `begin`, the work, COMMIT; ROLLBACK and rethrow when the work or the COMMIT throws. Also
    // after a COMMIT that lost its connection: on a dead connection the ROLLBACK only fails, and
    // a session that is still there (SQLite's one writer session, which every later write of the
    // process uses) is never left inside the failed transaction.
    template <typename F>
    auto in_transaction(soci::session& s, const char* begin, F& work) {
        s << begin;
        try {
            if constexpr (std::is_void_v<decltype(work(s))>) {
                work(s);
                commit(s);
            } else {
                auto result = work(s);
                commit(s);
                return result;
            }
        } catch (...) {
            try {
                s << "ROLLBACK";
            } catch (...) {
                // The connection is gone; the server rolled back for us.
            }
            throw;
        }
    }

    // A connection lost at COMMIT leaves the outcome unknown: the server may have committed and
    // replicated it before it went away. Running the work again could apply it twice, so the
    // caller answers 503 instead and the client retries (a booking with its Idempotency-Key,
    // which the stored record answers when the first attempt did commit).
    void commit(soci::session& s) {
        try {
            s << "COMMIT";
        } catch (const soci::soci_error& e) {
            if (connection_lost(s, e)) throw DatabaseUnavailable();
            throw;
        }
    }

    template <typename F>
    auto run_with_retry(Lease& lease, F&& attempt) {
        try {
            ensure_connected(lease.session());
            return attempt(lease.session());
        } catch (const soci::soci_error& e) {
            if (!connection_lost(lease.session(), e)) throw;
        }
        // The server went away under us, or this one takes no writes any more: one more try on
        // a fresh connection, which libpq opens to whichever listed host takes writes now.
        reconnect(lease.session());
        try {
            return attempt(lease.session());
        } catch (const soci::soci_error& e) {
            if (connection_lost(lease.session(), e)) throw DatabaseUnavailable();
            throw;
        }
    }

    std::unique_ptr<soci::session> open();
    void configure(soci::session& s);
    void ensure_connected(soci::session& s);
    void reconnect(soci::session& s);
    bool connection_lost(soci::session& s, const soci::soci_error& e) const;

    DatabaseTarget target_;
    std::vector<std::unique_ptr<soci::session>> sessions_;
    std::vector<bool> busy_;
    mutable std::mutex mutex_;
    std::condition_variable available_;
    // Sessions go to waiters in arrival order. Without it a thread at low priority (argon2id's
    // pool, nice 10) could wait forever: a busy normal-priority worker always got the freed
    // session first, and logins starved during a load of other requests (make bench's burst).
    std::uint64_t next_ticket_ = 0;
    std::uint64_t now_serving_ = 0;
    std::mutex writer_mutex_;
    std::unique_ptr<soci::session> sqlite_writer_;  // SQLite only: see write()
    std::mutex cache_mutex_;
    std::map<std::pair<soci::session*, std::type_index>, std::shared_ptr<void>> cache_;
};

}  // namespace ll::sql
