// The cost of one argon2id password check at learner-api's defaults (PASSWORD_HASH_MEMORY_KIB
// 19456, PASSWORD_HASH_PASSES 2): make bench derives the login target from it (cores / time of
// one hash = logins per second the hashing allows) and compares the login scenario with the
// checks per second THREADS threads get on the machine as loaded at that moment.
//   ll_bench_hash_time [ROUNDS] [THREADS]
// Prints one line: RESULT hash_ms_median=.. hash_ms_min=.. parallel_per_s=.. threads=.. rounds=..
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "adapters/security/argon2id_password_hasher.hpp"

namespace {

constexpr const char* kPassword = "bench-password-1";

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::max(1, std::stoi(argv[1])) : 9;
    const int threads = argc > 2 ? std::max(1, std::stoi(argv[2])) : 2;
    ll::Argon2idPasswordHasher hasher;  // the defaults of the configuration
    const std::string hash = hasher.hash(kPassword);

    // One at a time: a login checks a stored hash, so verify is what POST /auth/login pays.
    std::vector<double> ms;
    for (int i = 0; i < rounds; ++i) {
        const auto start = std::chrono::steady_clock::now();
        if (!hasher.verify(hash, kPassword)) return 1;
        ms.push_back(seconds_since(start) * 1000);
    }
    std::sort(ms.begin(), ms.end());

    // THREADS at once (the hasher is stateless after construction).
    std::vector<std::thread> workers;
    const auto start = std::chrono::steady_clock::now();
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&] {
            for (int i = 0; i < rounds; ++i) hasher.verify(hash, kPassword);
        });
    }
    for (auto& w : workers) w.join();
    const double parallel = threads * rounds / seconds_since(start);

    std::printf(
        "RESULT hash_ms_median=%.2f hash_ms_min=%.2f parallel_per_s=%.1f threads=%d rounds=%d\n",
        ms[ms.size() / 2], ms.front(), parallel, threads, rounds);
    return 0;
}
