// The in-memory ContentStore (core/ports/content_store.hpp): each transaction holds the backend's
// one mutex, and a write keeps a copy of the content tables to put back when the work throws
// (the rollback).
#include <stdexcept>

#include "adapters/memory/content/memory_content_tx.hpp"
#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

class MemoryContentStore final : public ContentStore {
  public:
    explicit MemoryContentStore(MemoryBackend::State& s) : s_(s) {}

    // Nothing changes while the lock is held: the tables are a consistent snapshot. The work
    // must not call another port of this backend (its mutex is not recursive).
    void read(const std::function<void(ContentTx&)>& work) override {
        std::lock_guard lock(s_.mutex);
        MemoryContentTx tx(s_.content, false);
        work(tx);
    }

    void write(const std::function<void(ContentTx&)>& work) override {
        std::lock_guard lock(s_.mutex);
        ContentTables before = s_.content;
        MemoryContentTx tx(s_.content, true);
        try {
            work(tx);
        } catch (...) {
            s_.content = std::move(before);
            throw;  // unchanged
        }
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

ContentTables& MemoryContentTx::rw() {
    if (!writable_) throw std::logic_error("ContentStore::read: the work tried to write");
    return t_;
}

std::unique_ptr<ContentStore> make_memory_content_store(MemoryBackend::State& s) {
    return std::make_unique<MemoryContentStore>(s);
}

}  // namespace ll
