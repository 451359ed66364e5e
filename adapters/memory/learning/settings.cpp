// The learners' schedule settings in memory (core/ports/learning/settings.hpp).
#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

class MemoryLearningSettings final : public LearningSettingsRepository {
  public:
    explicit MemoryLearningSettings(MemoryBackend::State& s) : s_(s) {}

    std::optional<StoredLearningSettings> find(Id user_id) override {
        std::lock_guard lock(s_.mutex);
        const auto it = s_.learning_settings.find(user_id);
        if (it == s_.learning_settings.end()) return std::nullopt;
        return it->second;
    }

    StoredLearningSettings update(Id user_id, const LearningSettingsChange& change,
                                  const LearningSettings& defaults, Timestamp at) override {
        std::lock_guard lock(s_.mutex);
        const auto it =
            s_.learning_settings
                .try_emplace(user_id, StoredLearningSettings{defaults, at, std::nullopt})
                .first;
        LearningSettings& now = it->second.settings;
        if (change.desired_retention) now.desired_retention = *change.desired_retention;
        if (change.new_per_day) now.new_per_day = *change.new_per_day;
        it->second.updated_at = at;
        // A booking decided on the old retention meanwhile must decide again.
        if (const auto profile = s_.profiles.find(user_id); profile != s_.profiles.end())
            ++profile->second.version;
        return it->second;
    }

    void store_parameters(Id user_id, const std::optional<FittedParameters>& fitted,
                          const LearningSettings& defaults, Timestamp at) override {
        std::lock_guard lock(s_.mutex);
        auto stored = s_.learning_settings.find(user_id);
        if (!fitted) {
            if (stored == s_.learning_settings.end() || !stored->second.fitted) return;
        } else if (stored == s_.learning_settings.end()) {
            if (!s_.accounts.count(user_id)) return;  // the account is gone
            stored = s_.learning_settings
                         .emplace(user_id, StoredLearningSettings{defaults, at, std::nullopt})
                         .first;
        }
        stored->second.fitted = fitted;
        if (const auto profile = s_.profiles.find(user_id); profile != s_.profiles.end())
            ++profile->second.version;
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<LearningSettingsRepository> make_memory_learning_settings(MemoryBackend::State& s) {
    return std::make_unique<MemoryLearningSettings>(s);
}

}  // namespace ll
