#include "adapters/http/server/metrics.hpp"

#include <fmt/format.h>

namespace ll::http {
namespace {

// One sample line: `name value`, or `name{label="value"} number`.
template <typename Number>
std::string sample(const std::string& name, const std::string& label, const std::string& value,
                   Number number) {
    if (label.empty()) return fmt::format("{} {}\n", name, number);
    return fmt::format("{}{{{}=\"{}\"}} {}\n", name, label, value, number);
}

}  // namespace

void Metrics::observe_request(const std::string& route, const std::string& method, int status,
                              double seconds) {
    std::lock_guard lock(mutex_);
    Histogram& h = requests_[{route, method, status}];
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
        if (seconds <= kBuckets[i]) ++h.buckets[i];
    }
    ++h.count;
    h.sum += seconds;
}

void Metrics::increment(const std::string& name, const std::string& label,
                        const std::string& value) {
    std::lock_guard lock(mutex_);
    ++counters_[name][{label, value}];
}

void Metrics::declare(const std::string& name, const std::string& label, const std::string& value) {
    std::lock_guard lock(mutex_);
    counters_[name][{label, value}];  // 0 unless already counted
}

void Metrics::add_gauge(std::string name, std::string help, std::function<double()> read,
                        std::string label, std::string value) {
    std::lock_guard lock(mutex_);
    GaugeFamily& family = gauges_[std::move(name)];
    if (family.help.empty()) family.help = std::move(help);
    family.series.push_back(GaugeSeries{std::move(label), std::move(value), std::move(read)});
}

std::string Metrics::render() const {
    std::lock_guard lock(mutex_);
    std::string out;
    out +=
        "# HELP langlearn_http_requests_total HTTP requests by route, method and status.\n"
        "# TYPE langlearn_http_requests_total counter\n";
    for (const auto& [key, h] : requests_) {
        const auto& [route, method, status] = key;
        out += fmt::format(
            "langlearn_http_requests_total{{route=\"{}\",method=\"{}\",status=\"{}\"}} {}\n", route,
            method, status, h.count);
    }
    out +=
        "# HELP langlearn_http_request_duration_seconds Request latency.\n"
        "# TYPE langlearn_http_request_duration_seconds histogram\n";
    for (const auto& [key, h] : requests_) {
        const auto& [route, method, status] = key;
        const std::string labels =
            fmt::format("route=\"{}\",method=\"{}\",status=\"{}\"", route, method, status);
        for (std::size_t i = 0; i < kBuckets.size(); ++i) {
            out +=
                fmt::format("langlearn_http_request_duration_seconds_bucket{{{},le=\"{}\"}} {}\n",
                            labels, kBuckets[i], h.buckets[i]);
        }
        out += fmt::format("langlearn_http_request_duration_seconds_bucket{{{},le=\"+Inf\"}} {}\n",
                           labels, h.count);
        out += fmt::format("langlearn_http_request_duration_seconds_sum{{{}}} {}\n", labels, h.sum);
        out += fmt::format("langlearn_http_request_duration_seconds_count{{{}}} {}\n", labels,
                           h.count);
    }
    for (const auto& [name, series] : counters_) {
        out += fmt::format("# TYPE {} counter\n", name);
        for (const auto& [label, count] : series)
            out += sample(name, label.first, label.second, count);
    }
    // One HELP and TYPE line per name: Prometheus refuses a scrape that repeats them.
    for (const auto& [name, family] : gauges_) {
        out += fmt::format("# HELP {} {}\n# TYPE {} gauge\n", name, family.help, name);
        for (const auto& g : family.series) out += sample(name, g.label, g.value, g.read());
    }
    return out;
}

}  // namespace ll::http
