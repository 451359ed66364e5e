#pragma once
// Prometheus text-format metrics: requests and latency per route and status, named counters
// (bookings, registrations, logins by outcome) and gauges read at scrape time (pool usage,
// queue depths, process memory). docs/observability.md lists every series.
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
    // Shows a counter at 0 before its first increment, so that a scrape has the series and
    // rate() and increase() see the first event (a series that appears at 1 counts as 0).
    void declare(const std::string& name, const std::string& label = {},
                 const std::string& value = {});
    // One gauge series; several with the same name differ by `label`="`value`" and share the
    // first one's help text.
    void add_gauge(std::string name, std::string help, std::function<double()> read,
                   std::string label = {}, std::string value = {});
    // A counter the process keeps elsewhere, read at each scrape (process_cpu_seconds_total).
    void add_counter_reader(std::string name, std::string help, std::function<double()> read);
    // An info series: the value 1 with constant labels (langlearn_build_info{version,revision}).
    void add_info(std::string name, std::string help,
                  std::vector<std::pair<std::string, std::string>> labels);
    std::string render() const;

  private:
    static constexpr std::array<double, 12> kBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                        0.05,   0.1,   0.25,   0.5,   1.0,  2.5};
    struct Histogram {
        std::array<std::uint64_t, kBuckets.size()> buckets{};
        std::uint64_t count = 0;
        double sum = 0;
    };
    struct GaugeSeries {
        std::string label, value;
        std::function<double()> read;
    };
    struct GaugeFamily {
        std::string help;
        std::string type = "gauge";  // or "counter" for add_counter_reader
        std::vector<GaugeSeries> series;
    };
    mutable std::mutex mutex_;
    std::map<std::tuple<std::string, std::string, int>, Histogram> requests_;
    std::map<std::string, std::map<std::pair<std::string, std::string>, std::uint64_t>> counters_;
    std::map<std::string, GaugeFamily> gauges_;
    struct Info {
        std::string help, labels;  // labels as the text format writes them
    };
    std::map<std::string, Info> infos_;
};

}  // namespace ll::http
