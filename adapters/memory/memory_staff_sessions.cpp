// Staff sessions in memory (the core's unit tests).
#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

using Lock = std::lock_guard<std::mutex>;

class MemoryStaffSessions final : public StaffSessionRepository {
  public:
    explicit MemoryStaffSessions(MemoryBackend::State& s) : s_(s) {}

    void create(const StaffSession& session) override {
        Lock lock(s_.mutex);
        s_.staff_sessions.insert_or_assign(session.id, session);
    }
    std::optional<StaffSession> find(std::string_view id) override {
        Lock lock(s_.mutex);
        const auto it = s_.staff_sessions.find(id);
        return it == s_.staff_sessions.end() ? std::nullopt
                                             : std::optional<StaffSession>(it->second);
    }
    bool revoke(std::string_view id, Timestamp now) override {
        Lock lock(s_.mutex);
        const auto it = s_.staff_sessions.find(id);
        if (it == s_.staff_sessions.end()) return false;
        if (!it->second.revoked_at) it->second.revoked_at = now;
        return true;
    }
    std::size_t revoke_user(Id user_id, Timestamp now) override {
        Lock lock(s_.mutex);
        std::size_t ended = 0;
        for (auto& [id, session] : s_.staff_sessions) {
            if (session.user_id != user_id || session.revoked_at) continue;
            session.revoked_at = now;
            ++ended;
        }
        return ended;
    }
    std::size_t purge_expired(Timestamp now) override {
        Lock lock(s_.mutex);
        return std::erase_if(s_.staff_sessions,
                             [now](const auto& entry) { return entry.second.expires_at <= now; });
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<StaffSessionRepository> make_memory_staff_sessions(MemoryBackend::State& s) {
    return std::make_unique<MemoryStaffSessions>(s);
}

}  // namespace ll
