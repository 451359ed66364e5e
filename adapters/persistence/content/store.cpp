// The content store on SOCI (core/ports/content_store.hpp): each call is one transaction on one
// pooled session; the work gets a SqlContentTx on it (sql_content_tx.hpp).
#include <soci/postgresql/soci-postgresql.h>

#include "adapters/persistence/content/sql_content_tx.hpp"
#include "adapters/persistence/sql_repositories.hpp"

namespace ll::sql {
namespace {

class SqlContentStore final : public ContentStore {
  public:
    explicit SqlContentStore(Database& db) : db_(db) {}

    void read(const std::function<void(ContentTx&)>& work) override {
        db_.snapshot([&](soci::session& s) {
            SqlContentTx tx(s, db_.dialect());
            work(tx);
        });
    }
    // Connection loss inside the work: Database rolls back, reconnects and runs it again.
    void write(const std::function<void(ContentTx&)>& work) override {
        db_.write([&](soci::session& s) {
            SqlContentTx tx(s, db_.dialect());
            work(tx);
        });
    }

  private:
    Database& db_;
};

}  // namespace

std::optional<long long> SqlContentTx::run_unless_taken(Query& q) {
    if (!d_.pg()) return q.run(s_);
    // A savepoint, because an error aborts a PostgreSQL transaction: without it the use case
    // could not go on (a word's 409 names the word that has the title, read afterwards).
    s_ << "SAVEPOINT unless_taken";
    long long changed = 0;
    try {
        changed = q.run(s_);
    } catch (const soci::postgresql_soci_error& e) {
        if (e.sqlstate() != "23505") throw;  // unique_violation; anything else is no answer
        s_ << "ROLLBACK TO SAVEPOINT unless_taken";
        return std::nullopt;
    }
    s_ << "RELEASE SAVEPOINT unless_taken";
    return changed;
}

std::unique_ptr<ContentStore> make_content_store(Database& db) {
    return std::make_unique<SqlContentStore>(db);
}

}  // namespace ll::sql
