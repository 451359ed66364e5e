#include "adapters/http/server/low_priority_pool.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

namespace ll::http {

namespace {
constexpr int kNice = 10;
}

LowPriorityPool::LowPriorityPool(int threads) : guard_(boost::asio::make_work_guard(ioc_)) {
    for (int i = 0; i < threads; ++i) {
        threads_.emplace_back([this] {
            // On Linux a thread's nice value is its own: this lowers only this thread.
            const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
            if (::setpriority(PRIO_PROCESS, tid, kNice) != 0)
                spdlog::debug("low-priority pool: setpriority failed; running at normal priority");
            ioc_.run();
        });
    }
}

LowPriorityPool::~LowPriorityPool() {
    join();
}

void LowPriorityPool::post(std::function<void()> work) {
    boost::asio::post(ioc_, std::move(work));
}

void LowPriorityPool::join() {
    guard_.reset();
    for (auto& t : threads_) {
        if (t.joinable()) t.join();
    }
}

}  // namespace ll::http
