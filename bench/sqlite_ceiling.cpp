// The SQLite ceiling of a booking for make bench: ll::book_card over the ProgressStore of the
// project's SqlBackend (the very transaction learner-api runs for POST /auth/progress, so it
// follows the implementation as it changes) in a loop on the benchmark's database file, without
// HTTP.
//   ll_bench_sqlite_ceiling sqlite://FILE SECONDS THREADS USER_MIN USER_MAX PAIR_MIN PAIR_MAX
// Prints one line: RESULT bookings_per_s=... bookings=... seconds=...
// Two threads by default in bench.py: SQLite serialises writers (the backend's writer mutex and
// BEGIN IMMEDIATE), so more threads only queue; a second one prepares its next booking while
// the first holds the lock, like learner-api's workers do.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "adapters/persistence/sql_backend.hpp"
#include "apps/common/allocator_tuning.hpp"
#include "core/app/book_progress.hpp"

namespace {

using namespace ll;

struct Range {
    long long first = 0, last = 0;
    Id pick(std::mt19937_64& rng) const {
        return static_cast<Id>(
            first +
            static_cast<long long>(rng() % static_cast<unsigned long long>(last - first + 1)));
    }
};

}  // namespace

int main(int argc, char** argv) {
    ll::app::tune_allocator();  // as the services do
    if (argc != 8) {
        std::fprintf(stderr,
                     "usage: ll_bench_sqlite_ceiling sqlite://FILE SECONDS THREADS USER_MIN "
                     "USER_MAX PAIR_MIN PAIR_MAX\n");
        return 2;
    }
    const std::string url = argv[1];
    const double seconds = std::stod(argv[2]);
    const int threads = std::stoi(argv[3]);
    const Range users{std::stoll(argv[4]), std::stoll(argv[5])};
    const Range pairs{std::stoll(argv[6]), std::stoll(argv[7])};

    SqlBackend backend(SqlBackendOptions{url, threads, false});
    std::atomic<long> done{0}, refused{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> workers;
    const auto start = std::chrono::steady_clock::now();
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            std::mt19937_64 rng(static_cast<unsigned long long>(t) * 7919u + 17u);
            while (!stop) {
                // As the server builds it: the clock is read per request.
                const Timestamp now = std::chrono::time_point_cast<std::chrono::milliseconds>(
                    std::chrono::system_clock::now());
                BookingCommand c;
                c.user_id = users.pick(rng);
                c.pair_id = pairs.pick(rng);
                c.correct = rng() % 2 == 0;
                c.points = static_cast<Ep>(1 + rng() % 20);
                c.now = now;
                c.today = std::chrono::floor<std::chrono::days>(now);  // APP_TIMEZONE=UTC
                if (book_card(backend.progress(), c).status != BookingStatus::booked) ++refused;
                ++done;
            }
        });
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (auto& w : workers) w.join();
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("RESULT bookings_per_s=%.1f bookings=%ld refused=%ld seconds=%.2f threads=%d\n",
                static_cast<double>(done) / elapsed, done.load(), refused.load(), elapsed, threads);
    return refused > 0 ? 1 : 0;
}
