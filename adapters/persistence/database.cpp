#include "adapters/persistence/database.hpp"

#include <soci/postgresql/soci-postgresql.h>
#include <soci/sqlite3/soci-sqlite3.h>

namespace ll::sql {

Database::Database(DatabaseTarget target, int pool_size) : target_(std::move(target)) {
    const int size = std::max(1, pool_size);
    for (int i = 0; i < size; ++i) {
        sessions_.push_back(open());
        busy_.push_back(false);
    }
    if (target_.dialect == Dialect::sqlite) sqlite_writer_ = open();
}

Database::~Database() = default;

int Database::in_use() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(std::count(busy_.begin(), busy_.end(), true));
}

int Database::waiting() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(next_ticket_ - now_serving_);
}

std::unique_ptr<soci::session> Database::open() {
    try {
        auto s = std::make_unique<soci::session>();
        if (target_.dialect == Dialect::sqlite) {
            s->open(*soci::factory_sqlite3(), target_.connect);
        } else {
            s->open(*soci::factory_postgresql(), target_.connect);
        }
        configure(*s);
        return s;
    } catch (const soci::soci_error&) {
        throw DatabaseUnavailable();
    }
}

void Database::configure(soci::session& s) {
    if (target_.dialect == Dialect::sqlite) {
        s << "PRAGMA journal_mode = WAL";
        s << "PRAGMA synchronous = NORMAL";
        s << "PRAGMA foreign_keys = ON";
        s << "PRAGMA busy_timeout = 10000";
    } else {
        s << "SET client_min_messages TO WARNING";  // no NOTICE chatter on stderr
        // Instants and dates are read as CAST(column AS TEXT) (queries.hpp): in the wire
        // format's zone, and in ISO style whatever DateStyle the server or database sets.
        s << "SET TIME ZONE 'UTC'";
        s << "SET DateStyle TO ISO";
    }
}

void Database::ensure_connected(soci::session& s) {
    // A session whose server vanished at its previous use is reopened before new work. libpq
    // knows that locally (the connection's status went bad when it failed); SOCI's
    // is_connected() would ask the server with a statement of its own, a whole round trip in
    // front of every piece of work. A connection that died since its last use fails at the
    // work's first statement instead, and run_with_retry reconnects and runs the work again.
    if (target_.dialect != Dialect::postgresql) return;
    auto* backend = static_cast<soci::postgresql_session_backend*>(s.get_backend());
    if (backend == nullptr || PQstatus(backend->conn_) == CONNECTION_BAD) reconnect(s);
}

void Database::reconnect(soci::session& s) {
    {
        // Statements prepared on the old connection are gone with it.
        std::lock_guard lock(cache_mutex_);
        for (auto it = cache_.begin(); it != cache_.end();) {
            it = it->first.first == &s ? cache_.erase(it) : std::next(it);
        }
    }
    try {
        s.reconnect();
        configure(s);
    } catch (const soci::soci_error&) {
        throw DatabaseUnavailable();
    }
}

bool Database::connection_lost(soci::session& s, const soci::soci_error& e) const {
    if (e.get_error_category() == soci::soci_error::connection_error) return true;
    if (const auto* pg = dynamic_cast<const soci::postgresql_soci_error*>(&e)) {
        // read_only_sql_transaction: the connection reached a server that is (now) a standby,
        // e.g. a demoted primary. A new connection goes to the primary (target_session_attrs).
        if (pg->sqlstate() == "25006") return true;
    }
    // libpq knows locally whether the connection broke; no ping round trip for every
    // constraint violation.
    if (target_.dialect != Dialect::postgresql) return false;  // a file does not go away
    const auto* backend = static_cast<soci::postgresql_session_backend*>(s.get_backend());
    return backend == nullptr || PQstatus(backend->conn_) == CONNECTION_BAD;
}

Database::Lease::Lease(Database& database) : db(database), index(0) {
    std::unique_lock lock(db.mutex_);
    const std::uint64_t ticket = db.next_ticket_++;
    const auto free_session = [&] { return std::find(db.busy_.begin(), db.busy_.end(), false); };
    db.available_.wait(
        lock, [&] { return db.now_serving_ == ticket && free_session() != db.busy_.end(); });
    index = static_cast<std::size_t>(free_session() - db.busy_.begin());
    db.busy_[index] = true;
    ++db.now_serving_;
    lock.unlock();
    db.available_.notify_all();  // the next ticket may find another free session
}

Database::Lease::~Lease() {
    {
        std::lock_guard lock(db.mutex_);
        db.busy_[index] = false;
    }
    db.available_.notify_all();  // only the waiter whose turn it is goes on
}

}  // namespace ll::sql
