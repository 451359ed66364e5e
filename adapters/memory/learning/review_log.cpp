// The review log as the parameter fit reads it, in memory (core/ports/learning/review_log.hpp).
#include <algorithm>
#include <map>

#include "adapters/memory/memory_state.hpp"

namespace ll {
namespace {

class MemoryReviewLog final : public ReviewLogReader {
  public:
    explicit MemoryReviewLog(MemoryBackend::State& s) : s_(s) {}

    std::vector<Id> learners_with_reviews(std::int64_t min_reviews, Id after, int limit) override {
        std::lock_guard lock(s_.mutex);
        std::map<Id, std::int64_t> lines;
        for (const auto& line : s_.review_log) {
            if (line.user_id > after) ++lines[line.user_id];
        }
        std::vector<Id> out;
        for (const auto& [user, count] : lines) {
            if (static_cast<int>(out.size()) == limit) break;
            if (count >= min_reviews) out.push_back(user);
        }
        return out;
    }

    std::vector<ReviewLogRecord> reviews_of(Id user_id, std::int64_t max_lines) override {
        std::lock_guard lock(s_.mutex);
        std::vector<const MemoryBackend::State::ReviewLine*> lines;
        for (const auto& line : s_.review_log) {
            if (line.user_id == user_id) lines.push_back(&line);
        }
        // The latest by review instant (then booking order), given back in booking order.
        if (static_cast<std::int64_t>(lines.size()) > max_lines) {
            auto by_time = lines;
            std::stable_sort(by_time.begin(), by_time.end(), [](const auto* a, const auto* b) {
                return a->record.reviewed_at > b->record.reviewed_at;
            });
            by_time.resize(static_cast<std::size_t>(std::max<std::int64_t>(0, max_lines)));
            std::sort(by_time.begin(), by_time.end(),
                      [](const auto* a, const auto* b) { return a->id < b->id; });
            lines = std::move(by_time);
        }
        std::vector<ReviewLogRecord> out;
        for (const auto* line : lines) out.push_back({line->pair_id, line->record});
        return out;
    }

  private:
    MemoryBackend::State& s_;
};

}  // namespace

std::unique_ptr<ReviewLogReader> make_memory_review_log(MemoryBackend::State& s) {
    return std::make_unique<MemoryReviewLog>(s);
}

}  // namespace ll
