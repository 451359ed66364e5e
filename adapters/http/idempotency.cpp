#include "adapters/http/idempotency.hpp"

namespace ll::http {

void IdempotencyStore::sweep_locked(Timestamp now) {
    std::erase_if(entries_, [&](const auto& e) {
        return e.second.answer && e.second.stored_at <= now - keep_;
    });
}

Response IdempotencyStore::run(Id user_id, const std::string& key, const std::string& body,
                               Timestamp now, const std::function<Response()>& handle) {
    const auto id = std::make_pair(user_id, key);
    {
        std::unique_lock lock(mutex_);
        if (entries_.size() >= max_entries_) sweep_locked(now);
        for (;;) {
            auto it = entries_.find(id);
            if (it != entries_.end() && it->second.answer && it->second.stored_at <= now - keep_) {
                entries_.erase(it);
                it = entries_.end();
            }
            if (it == entries_.end()) {
                entries_.emplace(id, Entry{body, std::nullopt, now});
                break;  // this request runs
            }
            if (it->second.body != body) return error_response(errors::idempotency_key_reused());
            if (it->second.answer) return *it->second.answer;
            answered_.wait(lock);  // the first one is still running: its answer is ours
        }
    }
    Response response;
    try {
        response = handle();
    } catch (...) {
        std::lock_guard lock(mutex_);
        entries_.erase(id);
        answered_.notify_all();
        throw;
    }
    std::lock_guard lock(mutex_);
    if (response.status >= 500) {
        entries_.erase(id);
    } else {
        auto& entry = entries_.at(id);
        entry.answer = response;
        entry.stored_at = now;
    }
    answered_.notify_all();
    return response;
}

}  // namespace ll::http
