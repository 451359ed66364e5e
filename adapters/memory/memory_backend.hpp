#pragma once
// The in-memory storage backend: the reference implementation of every repository port's
// contract (uniqueness, case-insensitivity, atomic booking), used by the core unit tests and
// the contract suite. One mutex guards everything: each port call is one "transaction".
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "core/ports/storage_backend.hpp"

namespace ll {

class MemoryBackend final : public PortOwningBackend {
  public:
    // Seeds what the migrations seed: languages de/en/sv (ids 1..3) and the achievements.
    MemoryBackend();
    ~MemoryBackend() override;
    bool ready() override { return true; }

    // Test helpers beyond the ports.
    Id add_language(Language language, bool published);
    void set_active(Id user_id, bool active);
    // A finished feed entry (published pair with image and audio in `lang`).
    void add_feed_item(FeedItem item, std::string lang);

    struct State;

  private:
    std::unique_ptr<State> state_;
};

}  // namespace ll
