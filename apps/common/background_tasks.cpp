#include "apps/common/background_tasks.hpp"

#include <exception>

#include <spdlog/spdlog.h>

#include "core/domain/errors.hpp"

namespace ll::app {

void BackgroundTasks::every(std::string name, std::chrono::milliseconds first_delay,
                            std::chrono::milliseconds interval, std::function<void()> task) {
    std::lock_guard lock(mutex_);
    threads_.emplace_back([this, name = std::move(name), first_delay, interval,
                           task = std::move(task)] { loop(name, first_delay, interval, task); });
}

void BackgroundTasks::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) {
        if (t.joinable()) t.join();
    }
    threads_.clear();
}

bool BackgroundTasks::stopping() {
    std::lock_guard lock(mutex_);
    return stopping_;
}

void BackgroundTasks::loop(const std::string& name, std::chrono::milliseconds first_delay,
                           std::chrono::milliseconds interval, const std::function<void()>& task) {
    auto wait = first_delay;
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            if (wake_.wait_for(lock, wait, [this] { return stopping_; })) return;
        }
        wait = interval;
        try {
            task();
        } catch (const DatabaseUnavailable&) {
            spdlog::warn("background task {}: database unavailable, retried in {} s", name,
                         std::chrono::duration_cast<std::chrono::seconds>(interval).count());
        } catch (const std::exception& e) {
            spdlog::error("background task {}: {}", name, e.what());
        } catch (...) {
            spdlog::error("background task {}: unknown failure", name);
        }
    }
}

}  // namespace ll::app
