// Learners' refresh families in memory (the core's unit tests).
#include <algorithm>
#include <tuple>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

using Lock = std::lock_guard<std::mutex>;

class MemoryRefreshSessions final : public RefreshSessionRepository {
  public:
    explicit MemoryRefreshSessions(MemoryBackend::State& s) : s_(s) {}

    void open(const RefreshFamily& family, std::string_view first_digest) override {
        Lock lock(s_.mutex);
        s_.refresh_families.insert_or_assign(family.id, family);
        s_.refresh_tokens.insert_or_assign(
            std::string(first_digest),
            RefreshTokenRecord{std::string(first_digest), family.id, family.created_at, {}});
    }
    std::optional<RefreshFamily> find_family(std::string_view id) override {
        Lock lock(s_.mutex);
        return find(s_.refresh_families, id);
    }
    std::optional<RefreshTokenRecord> find_token(std::string_view digest) override {
        Lock lock(s_.mutex);
        return find(s_.refresh_tokens, digest);
    }
    bool rotate(std::string_view old_digest, std::string_view new_digest, Timestamp now,
                Timestamp expires_at) override {
        Lock lock(s_.mutex);
        const auto old = s_.refresh_tokens.find(old_digest);
        if (old == s_.refresh_tokens.end() || old->second.used_at) return false;
        const auto family = s_.refresh_families.find(old->second.family_id);
        if (family == s_.refresh_families.end() || family->second.revoked_at) return false;
        old->second.used_at = now;
        family->second.last_used_at = now;
        family->second.expires_at = expires_at;
        s_.refresh_tokens.insert_or_assign(
            std::string(new_digest),
            RefreshTokenRecord{std::string(new_digest), family->first, now, {}});
        return true;
    }
    bool revoke_family(std::string_view id, Timestamp now) override {
        Lock lock(s_.mutex);
        const auto it = s_.refresh_families.find(id);
        if (it == s_.refresh_families.end()) return false;
        if (!it->second.revoked_at) it->second.revoked_at = now;
        return true;
    }
    // Every family: none has an empty id to keep.
    std::vector<std::string> revoke_others(Id user_id, std::string_view keep,
                                           Timestamp now) override {
        Lock lock(s_.mutex);
        std::vector<std::string> revoked;
        for (auto& [id, family] : s_.refresh_families) {
            if (family.user_id != user_id || family.revoked_at || id == keep) continue;
            family.revoked_at = now;
            revoked.push_back(id);
        }
        return revoked;
    }
    std::vector<std::string> revoke_beyond(Id user_id, std::size_t keep, Timestamp now) override {
        Lock lock(s_.mutex);
        std::vector<RefreshFamily*> live;
        for (auto& [id, family] : s_.refresh_families)
            if (family.user_id == user_id && !family.revoked_at) live.push_back(&family);
        std::sort(live.begin(), live.end(), [](const RefreshFamily* a, const RefreshFamily* b) {
            return std::tie(a->last_used_at, a->created_at, a->id) >
                   std::tie(b->last_used_at, b->created_at, b->id);
        });
        std::vector<std::string> revoked;
        for (std::size_t i = keep; i < live.size(); ++i) {
            live[i]->revoked_at = now;
            revoked.push_back(live[i]->id);
        }
        return revoked;
    }
    std::size_t purge(Timestamp now, Timestamp used_before) override {
        Lock lock(s_.mutex);
        std::size_t removed = std::erase_if(s_.refresh_families, [now](const auto& e) {
            return e.second.expires_at <= now || e.second.revoked_at;
        });
        removed += std::erase_if(s_.refresh_tokens, [&](const auto& e) {
            const RefreshTokenRecord& t = e.second;
            return !s_.refresh_families.count(t.family_id) ||
                   (t.used_at && *t.used_at <= used_before);
        });
        return removed;
    }

  private:
    template <typename Map>
    static std::optional<typename Map::mapped_type> find(const Map& map, std::string_view key) {
        const auto it = map.find(key);
        return it == map.end() ? std::nullopt : std::optional(it->second);
    }

    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<RefreshSessionRepository> make_memory_refresh_sessions(MemoryBackend::State& s) {
    return std::make_unique<MemoryRefreshSessions>(s);
}

}  // namespace ll
