// The CPU cost of compressing an answer (docs/accounts.md "Compressed answers"): make bench saves
// real answers (a feed page, the statistics, the practice queue) and times http::gzip on each, at
// zlib level 1 and at the level the services use (6).
//   ll_bench_gzip FILE...
// Prints per file and level: GZIP name=<file name> level=.. bytes=.. gzip_bytes=.. us=..
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "adapters/http/server/content_coding.hpp"

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::ifstream in(argv[i], std::ios::binary);
        std::stringstream buffer;
        buffer << in.rdbuf();
        const std::string body = buffer.str();
        for (const int level : {1, 6}) {
            std::size_t zipped = 0;
            long rounds = 0;
            const auto start = std::chrono::steady_clock::now();
            double seconds = 0;
            // At least 0.5 s of compressing, so a microsecond figure is an average of thousands.
            while (seconds < 0.5) {
                zipped = ll::http::gzip(body, level).size();
                ++rounds;
                seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            }
            std::printf("GZIP name=%s level=%d bytes=%zu gzip_bytes=%zu us=%.1f\n",
                        std::filesystem::path(argv[i]).stem().c_str(), level, body.size(), zipped,
                        seconds / static_cast<double>(rounds) * 1e6);
        }
    }
    return 0;
}
