#pragma once
// Idempotency-Key on POST /auth/progress (decisions.md 11): a retry with the same key and the
// same body gets the first answer without booking again; the same key with another body is 422.
// Answers are kept 24 hours in this process (per replica, like the rate limits); 5xx answers are
// not kept, so a retry after an outage books for real.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "adapters/http/message.hpp"
#include "core/domain/types.hpp"

namespace ll::http {

class IdempotencyStore {
  public:
    explicit IdempotencyStore(std::chrono::milliseconds keep = std::chrono::hours{24},
                              std::size_t max_entries = 100000)
        : keep_(keep), max_entries_(max_entries) {}

    // Runs `handle` once per (user, key, body); concurrent duplicates wait for the first answer.
    Response run(Id user_id, const std::string& key, const std::string& body, Timestamp now,
                 const std::function<Response()>& handle);

  private:
    struct Entry {
        std::string body;
        std::optional<Response> answer;  // nullopt while the first request runs
        Timestamp stored_at;
    };
    void sweep_locked(Timestamp now);

    std::chrono::milliseconds keep_;
    std::size_t max_entries_;
    std::mutex mutex_;
    std::condition_variable answered_;
    std::map<std::pair<Id, std::string>, Entry> entries_;
};

}  // namespace ll::http
