// One learner's rows as a whole in memory: the export's read and the deletion.
#include <algorithm>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

using Lock = std::lock_guard<std::mutex>;

// Erases the entries of a map keyed by (user, something) that belong to `user_id`.
template <typename Map>
void erase_user_rows(Map& rows, Id user_id) {
    std::erase_if(rows, [&](const auto& row) { return row.first.first == user_id; });
}

class MemoryLearnerData final : public LearnerDataRepository {
  public:
    explicit MemoryLearnerData(MemoryBackend::State& s) : s_(s) {}

    std::optional<LearnerRecords> read_all(Id user_id) override {
        Lock lock(s_.mutex);
        const auto account = s_.accounts.find(user_id);
        if (account == s_.accounts.end()) return std::nullopt;
        LearnerRecords out;
        out.account = account->second;
        if (const auto p = s_.profiles.find(user_id); p != s_.profiles.end())
            out.profile = p->second.profile;
        // The maps are ordered by (user, ...): each learner's rows come in the port's order.
        for (const auto& [key, row] : s_.progress) {
            if (key.first == user_id)
                out.progress.push_back({key.second, row.seen, row.correct, row.wrong, row.earned});
        }
        for (const auto& [key, row] : s_.daily) {
            if (key.first == user_id) out.daily.push_back(row);
        }
        for (const auto& [key, at] : s_.unlocked) {
            if (key.first == user_id) out.achievements.push_back({key.second, at});
        }
        std::stable_sort(
            out.achievements.begin(), out.achievements.end(),
            [](const auto& a, const auto& b) { return a.unlocked_at < b.unlocked_at; });
        for (const auto& [key, stored] : s_.idempotency) {
            if (key.first == user_id)
                out.idempotency_keys.push_back({key.second, stored.stored_at});
        }
        std::stable_sort(out.idempotency_keys.begin(), out.idempotency_keys.end(),
                         [](const auto& a, const auto& b) { return a.created_at < b.created_at; });
        out.sessions = rows_of(s_.refresh_families, user_id);
        out.studio_sessions = rows_of(s_.staff_sessions, user_id);
        out.password_resets = rows_of(s_.password_resets, user_id);
        if (const auto it = s_.learning_settings.find(user_id); it != s_.learning_settings.end())
            out.learning_settings = it->second;
        for (const auto& [key, state] : s_.card_memory) {  // (user, language, pair) order
            if (std::get<0>(key) == user_id)
                out.memory.push_back({std::get<2>(key), std::get<1>(key), state});
        }
        for (const auto& line : s_.review_log) {
            if (line.user_id == user_id) out.reviews.push_back({line.pair_id, line.record});
        }
        return out;
    }

    bool erase(Id user_id) override {
        Lock lock(s_.mutex);  // one transaction
        if (!s_.accounts.erase(user_id)) return false;
        if (const auto p = s_.profiles.find(user_id); p != s_.profiles.end()) {
            const Id name_id = p->second.profile.username_id;
            std::erase_if(s_.usernames, [&](const auto& name) { return name.second == name_id; });
            s_.profiles.erase(p);
        }
        erase_user_rows(s_.progress, user_id);
        erase_user_rows(s_.daily, user_id);
        erase_user_rows(s_.unlocked, user_id);
        erase_user_rows(s_.idempotency, user_id);
        std::erase_if(s_.staff_sessions,
                      [&](const auto& session) { return session.second.user_id == user_id; });
        erase_refresh_sessions(user_id);
        // Its reset tokens, as SQL's ON DELETE CASCADE.
        std::erase_if(s_.password_resets,
                      [&](const auto& e) { return e.second.user_id == user_id; });
        s_.learning_settings.erase(user_id);
        std::erase_if(s_.card_memory,
                      [&](const auto& row) { return std::get<0>(row.first) == user_id; });
        std::erase_if(s_.review_log, [&](const auto& line) { return line.user_id == user_id; });
        return true;
    }

  private:
    // The user's rows of a table keyed by id (digest), by creation time then key, as SQL orders
    // them.
    template <typename Table>
    static std::vector<typename Table::mapped_type> rows_of(const Table& table, Id user_id) {
        std::vector<typename Table::mapped_type> rows;
        for (const auto& [key, row] : table)
            if (row.user_id == user_id) rows.push_back(row);  // in key order already
        std::stable_sort(rows.begin(), rows.end(),
                         [](const auto& a, const auto& b) { return a.created_at < b.created_at; });
        return rows;
    }

    // The user's refresh families and their tokens, as SQL's ON DELETE CASCADE does.
    void erase_refresh_sessions(Id user_id) {
        std::erase_if(s_.refresh_tokens, [&](const auto& token) {
            const auto family = s_.refresh_families.find(token.second.family_id);
            return family != s_.refresh_families.end() && family->second.user_id == user_id;
        });
        std::erase_if(s_.refresh_families,
                      [&](const auto& family) { return family.second.user_id == user_id; });
    }

    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<LearnerDataRepository> make_memory_learner_data(MemoryBackend::State& s) {
    return std::make_unique<MemoryLearnerData>(s);
}

}  // namespace ll
