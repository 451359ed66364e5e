// Password reset tokens in memory (the core's unit tests).
#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

using Lock = std::lock_guard<std::mutex>;

class MemoryPasswordResets final : public PasswordResetRepository {
  public:
    explicit MemoryPasswordResets(MemoryBackend::State& s) : s_(s) {}

    void issue(const PasswordResetToken& token) override {
        Lock lock(s_.mutex);
        mark_open_used(token.user_id, token.created_at);
        s_.password_resets.insert_or_assign(token.digest, token);
    }
    void cancel_open(Id user_id, Timestamp now) override {
        Lock lock(s_.mutex);
        mark_open_used(user_id, now);
    }
    std::optional<PasswordResetToken> find(std::string_view digest) override {
        Lock lock(s_.mutex);
        const auto it = s_.password_resets.find(digest);
        return it == s_.password_resets.end() ? std::nullopt : std::optional(it->second);
    }
    std::optional<Id> consume(std::string_view digest, Timestamp now) override {
        Lock lock(s_.mutex);
        const auto it = s_.password_resets.find(digest);
        if (it == s_.password_resets.end() || it->second.used_at || it->second.expires_at <= now)
            return std::nullopt;
        it->second.used_at = now;
        return it->second.user_id;
    }
    std::size_t issued_since(Id user_id, Timestamp since) override {
        Lock lock(s_.mutex);
        std::size_t count = 0;
        for (const auto& [digest, token] : s_.password_resets)
            count += token.user_id == user_id && token.created_at > since;
        return count;
    }
    std::size_t purge(Timestamp before) override {
        Lock lock(s_.mutex);
        return std::erase_if(s_.password_resets,
                             [before](const auto& e) { return e.second.expires_at < before; });
    }

  private:
    void mark_open_used(Id user_id, Timestamp at) {  // under the lock
        for (auto& [digest, token] : s_.password_resets)
            if (token.user_id == user_id && !token.used_at) token.used_at = at;
    }

    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<PasswordResetRepository> make_memory_password_resets(MemoryBackend::State& s) {
    return std::make_unique<MemoryPasswordResets>(s);
}

}  // namespace ll
