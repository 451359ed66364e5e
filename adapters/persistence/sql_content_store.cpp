// The content store on SOCI: each call is one transaction on one pooled session; the work
// gets a SqlContentTx on it (sql_content_tx.hpp).
#include "adapters/persistence/sql_content_tx.hpp"
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

std::unique_ptr<ContentStore> make_content_store(Database& db) {
    return std::make_unique<SqlContentStore>(db);
}

}  // namespace ll::sql
