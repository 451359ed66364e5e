#pragma once
// What grading reads about a card, remembered for a few seconds per process: a card's answers
// change when an editor edits it, seldom, and every graded answer needs them, where the SQL read
// of a key (two statements over six tables) costs more than the booking itself
// (docs/performance.md "Graded answers"). An edit reaches grading within kAnswerKeyLifetime.
// Bounded: past kAnswerKeyCacheSize cards the whole cache is dropped and filled again.
#include <chrono>
#include <map>
#include <memory>
#include <mutex>

#include "core/ports/learning/answer_keys.hpp"

namespace ll::sql {

inline constexpr std::chrono::seconds kAnswerKeyLifetime{5};
inline constexpr std::size_t kAnswerKeyCacheSize = 10000;

class CachedAnswerKeys final : public AnswerKeyQuery {
  public:
    explicit CachedAnswerKeys(std::unique_ptr<AnswerKeyQuery> source)
        : source_(std::move(source)) {}

    std::shared_ptr<const AnswerKey> answer_key(Id pair_id) override {
        const auto now = std::chrono::steady_clock::now();
        {
            std::lock_guard lock(mutex_);
            const auto it = keys_.find(pair_id);
            if (it != keys_.end() && now - it->second.read_at < kAnswerKeyLifetime)
                return it->second.key;
        }
        auto key = source_->answer_key(pair_id);  // outside the lock: a read may take a while
        if (key) {  // an unknown pair is not remembered: it may be made any moment
            std::lock_guard lock(mutex_);
            if (keys_.size() >= kAnswerKeyCacheSize) keys_.clear();
            keys_.insert_or_assign(pair_id, Entry{now, key});
        }
        return key;
    }
    // A practice page reads its keys at once, as they are now.
    std::vector<AnswerKey> answer_keys(const std::vector<Id>& pair_ids) override {
        return source_->answer_keys(pair_ids);
    }
    std::vector<std::pair<Id, AnswerWord>> category_words(const std::vector<Id>& word_ids,
                                                          int per_word) override {
        return source_->category_words(word_ids, per_word);
    }
    std::vector<AnswerWord> some_words(int max) override { return source_->some_words(max); }

  private:
    struct Entry {
        std::chrono::steady_clock::time_point read_at;
        std::shared_ptr<const AnswerKey> key;  // handed out as it is, never changed
    };
    std::unique_ptr<AnswerKeyQuery> source_;
    std::mutex mutex_;
    std::map<Id, Entry> keys_;
};

}  // namespace ll::sql
