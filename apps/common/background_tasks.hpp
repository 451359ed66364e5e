#pragma once
// Housekeeping that runs beside the server (expired idempotency keys, ...): each task on its own
// thread, every `interval`, until the service stops. A failing run is logged and retried at the
// next interval; it never takes the service down. Stopped (and joined) before the database goes.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ll::app {

class BackgroundTasks {
  public:
    BackgroundTasks() = default;
    BackgroundTasks(const BackgroundTasks&) = delete;
    BackgroundTasks& operator=(const BackgroundTasks&) = delete;
    ~BackgroundTasks() { stop(); }

    // The first run comes after `first_delay` (so replicas started together spread out), then
    // one every `interval`.
    void every(std::string name, std::chrono::milliseconds first_delay,
               std::chrono::milliseconds interval, std::function<void()> task);
    void stop();
    // True once stop() was called: a long task checks it between steps and returns early.
    bool stopping();

  private:
    void loop(const std::string& name, std::chrono::milliseconds first_delay,
              std::chrono::milliseconds interval, const std::function<void()>& task);

    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace ll::app
