#include "adapters/http/server/metrics.hpp"

#include <fmt/format.h>

namespace ll::http {

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

void Metrics::add_gauge(std::string name, std::string help, std::function<double()> read) {
    std::lock_guard lock(mutex_);
    gauges_.push_back(Gauge{std::move(name), std::move(help), std::move(read)});
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
        for (const auto& [label, count] : series) {
            if (label.first.empty()) {
                out += fmt::format("{} {}\n", name, count);
            } else {
                out += fmt::format("{}{{{}=\"{}\"}} {}\n", name, label.first, label.second, count);
            }
        }
    }
    for (const auto& g : gauges_) {
        out += fmt::format("# HELP {} {}\n# TYPE {} gauge\n{} {}\n", g.name, g.help, g.name, g.name,
                           g.read());
    }
    return out;
}

}  // namespace ll::http
