#include "adapters/http/server/metrics.hpp"

#include <map>
#include <string_view>

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

// The HELP text of every counter the services count (docs/observability.md "Metrics"): one
// place, so that every series a scrape shows says what it is.
std::string_view counter_help(std::string_view name) {
    static const std::map<std::string_view, std::string_view> kHelp = {
        {"langlearn_bookings_total", "Answers booked (POST /auth/progress and batch items)."},
        {"langlearn_registrations_total", "Learner accounts registered."},
        {"langlearn_logins_total", "Learner logins by outcome."},
        {"langlearn_staff_sign_ins_total", "Studio sign-ins by outcome."},
        {"langlearn_password_reset_mails_total",
         "What became of each password reset request with an e-mail, by outcome."},
        {"langlearn_mails_total", "Mails handed to the SMTP server, by outcome."},
        {"langlearn_pictures_uploaded_total", "Pictures uploaded through the staff API."},
        {"langlearn_database_unavailable_total",
         "Answers 503 because the database could not be used (requests and /readyz checks)."},
        {"langlearn_http_queue_full_total",
         "Requests refused with 503 because the pool's queue was full, by pool."},
        {"langlearn_http_connections_refused_total", "Connections closed over MAX_CONNECTIONS."},
        {"langlearn_http_accept_errors_total", "Failed accepts (out of descriptors)."},
    };
    const auto it = kHelp.find(name);
    return it == kHelp.end() ? std::string_view("A langlearn counter.") : it->second;
}

// Label values in the text format: backslash, double quote and newline escaped.
std::string escaped(std::string_view value) {
    std::string out;
    for (const char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

}  // namespace

void Metrics::add_counter_reader(std::string name, std::string help, std::function<double()> read) {
    std::lock_guard lock(mutex_);
    GaugeFamily& family = gauges_[std::move(name)];
    family.help = std::move(help);
    family.type = "counter";
    family.series.push_back(GaugeSeries{{}, {}, std::move(read)});
}

void Metrics::add_info(std::string name, std::string help,
                       std::vector<std::pair<std::string, std::string>> labels) {
    std::string text;
    for (const auto& [label, value] : labels)
        text += fmt::format("{}{}=\"{}\"", text.empty() ? "" : ",", label, escaped(value));
    std::lock_guard lock(mutex_);
    infos_[std::move(name)] = Info{std::move(help), std::move(text)};
}

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
        out += fmt::format("# HELP {} {}\n# TYPE {} counter\n", name, counter_help(name), name);
        for (const auto& [label, count] : series)
            out += sample(name, label.first, label.second, count);
    }
    // One HELP and TYPE line per name: Prometheus refuses a scrape that repeats them.
    for (const auto& [name, family] : gauges_) {
        out += fmt::format("# HELP {} {}\n# TYPE {} {}\n", name, family.help, name, family.type);
        for (const auto& g : family.series) out += sample(name, g.label, g.value, g.read());
    }
    for (const auto& [name, info] : infos_)
        out += fmt::format("# HELP {} {}\n# TYPE {} gauge\n{}{{{}}} 1\n", name, info.help, name,
                           name, info.labels);
    return out;
}

}  // namespace ll::http
