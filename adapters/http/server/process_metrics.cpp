#include "adapters/http/server/process_metrics.hpp"

#include <unistd.h>
#include <charconv>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace ll::http {
namespace {

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// This process's path in one cgroup hierarchy, from /proc/self/cgroup lines
// "ID:CONTROLLERS:PATH": v2's line is "0::PATH", v1's memory line "N:memory:PATH".
std::string cgroup_path(const std::string& controllers) {
    std::ifstream in("/proc/self/cgroup");
    for (std::string line; std::getline(in, line);) {
        const auto first = line.find(':');
        const auto second = line.find(':', first + 1);
        if (first == std::string::npos || second == std::string::npos) continue;
        if (line.substr(first + 1, second - first - 1) == controllers)
            return line.substr(second + 1);
    }
    return {};
}

std::optional<double> first_limit(std::initializer_list<std::string> paths) {
    for (const auto& path : paths) {
        if (const auto text = read_file(path)) return parse_memory_limit(*text);
    }
    return std::nullopt;
}

// Fields of /proc/self/stat after the command name (which may hold spaces and parentheses: it
// ends at the last ')'); [0] is field 3, the state.
std::vector<std::string> stat_fields() {
    const auto text = read_file("/proc/self/stat");
    if (!text) return {};
    const auto close = text->rfind(')');
    if (close == std::string::npos) return {};
    std::istringstream in(text->substr(close + 1));
    std::vector<std::string> fields;
    for (std::string f; in >> f;) fields.push_back(f);
    return fields;
}

std::optional<double> stat_number(const std::vector<std::string>& fields, std::size_t field) {
    if (field < 3 || field - 3 >= fields.size()) return std::nullopt;
    const std::string& f = fields[field - 3];
    unsigned long long n = 0;
    const auto [end, error] = std::from_chars(f.data(), f.data() + f.size(), n);
    if (error != std::errc{} || end != f.data() + f.size()) return std::nullopt;
    return double(n);
}

}  // namespace

std::optional<double> cpu_seconds() {
    const auto fields = stat_fields();
    const auto user = stat_number(fields, 14), system = stat_number(fields, 15);
    if (!user || !system) return std::nullopt;
    return (*user + *system) / double(::sysconf(_SC_CLK_TCK));
}

std::optional<double> start_time_seconds() {
    // Field 22: the start in clock ticks after boot; /proc/stat's btime: the boot, Unix time.
    const auto ticks = stat_number(stat_fields(), 22);
    std::ifstream in("/proc/stat");
    for (std::string key; ticks && in >> key;) {
        if (key != "btime") {
            in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
            continue;
        }
        double boot = 0;
        if (!(in >> boot)) break;
        return boot + *ticks / double(::sysconf(_SC_CLK_TCK));
    }
    return std::nullopt;
}

std::optional<double> resident_memory_bytes() {
    // statm: sizes in pages; the second field is the resident set.
    std::ifstream in("/proc/self/statm");
    unsigned long long size = 0, resident = 0;
    if (!(in >> size >> resident)) return std::nullopt;
    return double(resident) * double(::sysconf(_SC_PAGESIZE));
}

std::optional<double> parse_memory_limit(std::string_view text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
    unsigned long long bytes = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), bytes);
    if (error != std::errc{} || end != text.data() + text.size() || bytes == 0) return std::nullopt;
    // cgroup v1 writes "no limit" as the largest page-aligned 63-bit number.
    constexpr unsigned long long kUnlimited = 1ULL << 62;
    if (bytes >= kUnlimited) return std::nullopt;
    return double(bytes);
}

std::optional<double> memory_limit_bytes() {
    // Inside a container the hierarchy is usually mounted at the process's own cgroup (the
    // path from /proc is then not under the mount): try the path, then the mount's root.
    const std::string root = "/sys/fs/cgroup";
    return first_limit({root + cgroup_path("") + "/memory.max", root + "/memory.max",
                        root + "/memory" + cgroup_path("memory") + "/memory.limit_in_bytes",
                        root + "/memory/memory.limit_in_bytes"});
}

void add_process_metrics(Metrics& metrics) {
    metrics.add_gauge("process_resident_memory_bytes", "Resident memory size in bytes.",
                      [] { return resident_memory_bytes().value_or(0); });
    metrics.add_counter_reader("process_cpu_seconds_total",
                               "Total user and system CPU time spent in seconds.",
                               [] { return cpu_seconds().value_or(0); });
    // Read once: a restart shows as a new value (alerts on restarts and uptime use it).
    const double started = start_time_seconds().value_or(0);
    metrics.add_gauge("process_start_time_seconds",
                      "Start time of the process since unix epoch in seconds.",
                      [started] { return started; });
    // Read once: a container's limit does not change while the process runs.
    if (const auto limit = memory_limit_bytes()) {
        metrics.add_gauge("langlearn_memory_limit_bytes",
                          "The memory limit of the process's cgroup (container or unit).",
                          [bytes = *limit] { return bytes; });
    }
}

}  // namespace ll::http
