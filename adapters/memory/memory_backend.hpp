#pragma once
// The in-memory storage backend: the reference implementation of every repository port's
// contract (uniqueness, case-insensitivity, atomic booking), used by the core unit tests and
// the contract suite. One mutex guards everything: each port call is one "transaction".
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/ports/storage_backend.hpp"

namespace ll {

class MemoryBackend final : public PortOwningBackend {
  public:
    // Seeds what the migrations seed: languages de/en/sv (ids 1..3), the achievements and the
    // categories (ids 1..12).
    MemoryBackend();
    ~MemoryBackend() override;
    bool ready() override { return true; }

    // Test helpers beyond the ports.
    Id add_language(Language language, bool published);
    void set_active(Id user_id, bool active);
    // Removes one content row (pictures, objects, words, categories, statements, questions,
    // pairs) and nothing else: its link records and audios stay behind as orphans, like legacy
    // data written without foreign keys. For the purge_orphans contract tests.
    void erase_content_row_unchecked(std::string_view table, Id id);

    struct State;

  private:
    std::unique_ptr<State> state_;
};

}  // namespace ll
