#pragma once
// What a process read from the database about a key (an account's standing, a session's), kept
// for at most `max_age` and then read again: the window within which a change made elsewhere
// (another replica, langlearn-admin) takes effect here. Bounded and thread-safe: split into
// shards by key so concurrent requests of different keys rarely wait on one lock.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <functional>
#include <mutex>
#include <unordered_map>

#include "core/ports/clock.hpp"

namespace ll {

template <typename Key, typename Value>
class RecheckCache {
  public:
    RecheckCache(const Clock& clock, std::chrono::milliseconds max_age, std::size_t capacity)
        : clock_(clock),
          max_age_(max_age),
          capacity_per_shard_(std::max<std::size_t>(1, capacity / kShards)) {}

    // The value read at most max_age ago, else `read()` now (and kept). Throws what `read`
    // throws, keeping nothing.
    template <typename Read>
    Value get(const Key& key, Read&& read) {
        Shard& shard = shard_of(key);
        const Timestamp now = clock_.now();
        {
            std::lock_guard lock(shard.mutex);
            const auto it = shard.entries.find(key);
            if (it != shard.entries.end() && now - it->second.read_at < max_age_)
                return it->second.value;
        }
        // Read outside the lock: a slow database must not hold up the other keys of the shard.
        Value value = read();
        std::lock_guard lock(shard.mutex);
        if (shard.entries.size() >= capacity_per_shard_ && !shard.entries.count(key)) {
            std::erase_if(shard.entries,
                          [&](const auto& e) { return now - e.second.read_at >= max_age_; });
            // Still full of fresh entries: start over rather than grow (each is re-read once).
            if (shard.entries.size() >= capacity_per_shard_) shard.entries.clear();
        }
        shard.entries.insert_or_assign(key, Entry{value, now});
        return value;
    }

    // Drops what is kept about the key (it was just changed here): the next get reads it.
    void forget(const Key& key) {
        Shard& shard = shard_of(key);
        std::lock_guard lock(shard.mutex);
        shard.entries.erase(key);
    }

  private:
    struct Entry {
        Value value;
        Timestamp read_at;
    };
    struct Shard {
        std::mutex mutex;
        std::unordered_map<Key, Entry> entries;
    };
    static constexpr std::size_t kShards = 16;
    Shard& shard_of(const Key& key) { return shards_[std::hash<Key>{}(key) % kShards]; }

    const Clock& clock_;
    std::chrono::milliseconds max_age_;
    std::size_t capacity_per_shard_;
    std::array<Shard, kShards> shards_;
};

}  // namespace ll
