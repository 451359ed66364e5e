#pragma once
// The process's own series, in the names Prometheus' client libraries use: resident memory
// (read from /proc/self/statm at each scrape), CPU time and start time (/proc/self/stat) and, when
// the process runs under a cgroup memory limit (a container's or a systemd unit's), that limit, so
// that an alert can compare the two (deploy/prometheus/alerts.yml, docs/observability.md).
#include <optional>
#include <string_view>

#include "adapters/http/server/metrics.hpp"

namespace ll::http {

// process_resident_memory_bytes, process_cpu_seconds_total, process_start_time_seconds;
// langlearn_memory_limit_bytes only when a limit is set.
void add_process_metrics(Metrics& metrics);

// User and system CPU time of this process in seconds; nullopt when /proc cannot be read.
std::optional<double> cpu_seconds();
// When this process started, in seconds since the Unix epoch; nullopt as above.
std::optional<double> start_time_seconds();

// Resident set size in bytes; nullopt when /proc cannot be read.
std::optional<double> resident_memory_bytes();

// A cgroup memory limit file's content: cgroup v2 `memory.max` ("max" = none) or v1
// `memory.limit_in_bytes` (a value near 2^63 = none). nullopt when there is no limit.
std::optional<double> parse_memory_limit(std::string_view text);

// The limit of this process's cgroup (v2, then v1), or nullopt.
std::optional<double> memory_limit_bytes();

}  // namespace ll::http
