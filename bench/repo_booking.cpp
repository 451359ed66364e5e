// Booking throughput of the repository layer alone (no HTTP): ll::book_card
// (core/app/book_progress.hpp) on SQLite and PostgreSQL with 1 and 8 threads, each booking a random
// learner's random pair.
//   ll_bench_repo [POSTGRESQL_URL_OF_AN_EMPTY_DATABASE] [SECONDS]
#include <unistd.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "adapters/persistence/sql_backend.hpp"
#include "core/app/book_progress.hpp"
#include "core/domain/time_format.hpp"

namespace {

using namespace ll;

struct Fixture {
    std::vector<Id> users, pairs;
};

Fixture prepare(StorageBackend& b, int learners, int pair_count) {
    Fixture f;
    for (int i = 0; i < learners; ++i) {
        const auto account = b.accounts().create(
            NewAccount{"bench" + std::to_string(i) + "@example.com", "x", "end-user"});
        const std::string name = "bench" + std::to_string(i);
        b.profiles().create(NewProfile{account->id, name, name, 1, 3});
        f.users.push_back(account->id);
    }
    for (int i = 0; i < pair_count; ++i)
        f.pairs.push_back(b.content_seeder().add_pair(SeedPair{"word", "published", {}}));
    return f;
}

double run(StorageBackend& b, const Fixture& f, int threads, double seconds) {
    std::atomic<long> done{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> workers;
    const Timestamp now =
        std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
    const Date today = std::chrono::floor<std::chrono::days>(now);
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            std::mt19937 rng(static_cast<unsigned>(t) * 7919u + 1u);
            while (!stop) {
                const BookingCommand c{f.users[rng() % f.users.size()],
                                       f.pairs[rng() % f.pairs.size()],
                                       rng() % 2 == 0,
                                       static_cast<Ep>(1 + rng() % 20),
                                       now,
                                       today};
                book_card(b.progress(), c);
                ++done;
            }
        });
    }
    const auto start = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (auto& w : workers) w.join();
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return static_cast<double>(done) / elapsed;
}

void bench(const char* label, const std::string& url, double seconds) {
    SqlBackend b(SqlBackendOptions{url, 8, true});
    const Fixture f = prepare(b, 200, 50);
    for (int threads : {1, 8}) {
        std::printf("| %-10s | %d | %8.0f |\n", label, threads, run(b, f, threads, seconds));
        std::fflush(stdout);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const double seconds = argc > 2 ? std::stod(argv[2]) : 3.0;
    std::printf("| database   | threads | bookings/s |\n|---|---|---|\n");
    const auto file = std::filesystem::temp_directory_path() /
                      ("langlearn-bench-" + std::to_string(::getpid()) + ".db");
    bench("SQLite", "sqlite://" + file.string(), seconds);
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(file.string() + suffix);
    if (argc > 1) bench("PostgreSQL", argv[1], seconds);
    return 0;
}
