#pragma once
// Threads for CPU-heavy request work (argon2id), each running at nice 10: under load the
// scheduler gives the I/O and database threads their turn first (a nice-10 thread weighs about a
// tenth of a nice-0 one), and when the machine is otherwise idle the hashing still gets every
// core. The thread count also bounds the hashing memory (19 MiB per argon2id hash).
#include <functional>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace ll::http {

class LowPriorityPool {
  public:
    explicit LowPriorityPool(int threads);
    ~LowPriorityPool();
    LowPriorityPool(const LowPriorityPool&) = delete;
    LowPriorityPool& operator=(const LowPriorityPool&) = delete;

    void post(std::function<void()> work);
    // Runs what is queued, then stops the threads. Idempotent.
    void join();

  private:
    boost::asio::io_context ioc_;
    std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> guard_;
    std::vector<std::thread> threads_;
};

}  // namespace ll::http
