#pragma once
// Prometheus text-format metrics: requests and latency per route and status, named counters
// (bookings, registrations, logins by outcome) and gauges read at scrape time (pool usage).
#include <array>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace ll::http {

class Metrics {
  public:
    void observe_request(const std::string& route, const std::string& method, int status,
                         double seconds);
    // e.g. increment("langlearn_logins_total", "outcome", "success")
    void increment(const std::string& name, const std::string& label = {},
                   const std::string& value = {});
    void add_gauge(std::string name, std::string help, std::function<double()> read);
    std::string render() const;

  private:
    static constexpr std::array<double, 12> kBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                        0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
    struct Histogram {
        std::array<std::uint64_t, kBuckets.size()> buckets{};
        std::uint64_t count = 0;
        double sum = 0;
    };
    struct Gauge {
        std::string name, help;
        std::function<double()> read;
    };
    mutable std::mutex mutex_;
    std::map<std::tuple<std::string, std::string, int>, Histogram> requests_;
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::uint64_t>> counters_;
    std::vector<Gauge> gauges_;
};

}  // namespace ll::http
