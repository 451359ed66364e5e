#include "adapters/clock/tz_database.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

namespace ll {
namespace {

constexpr std::size_t kMaxZoneFile = 1 << 20;  // real ones are under 4 KiB
constexpr std::size_t kMaxZoneName = 64;

struct Reader {
    const std::string& bytes;
    std::size_t at = 0;

    bool has(std::size_t n) const { return n <= bytes.size() && at <= bytes.size() - n; }
    std::int64_t big_endian(std::size_t n) {  // n = 4 or 8, signed
        std::uint64_t v = 0;
        for (std::size_t i = 0; i < n; ++i)
            v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
        at += n;
        if (n == 4) return static_cast<std::int32_t>(static_cast<std::uint32_t>(v));
        return static_cast<std::int64_t>(v);
    }
};

// The six counts of a TZif header (RFC 8536 3.1), after its magic, version and reserved bytes.
struct Counts {
    std::int64_t isut, isstd, leap, time, type, chars;
};

std::optional<Counts> read_header(Reader& r) {
    if (!r.has(44) || r.bytes.compare(r.at, 4, "TZif") != 0) return std::nullopt;
    r.at += 20;
    Counts c{};
    c.isut = r.big_endian(4);
    c.isstd = r.big_endian(4);
    c.leap = r.big_endian(4);
    c.time = r.big_endian(4);
    c.type = r.big_endian(4);
    c.chars = r.big_endian(4);
    if (c.isut < 0 || c.isstd < 0 || c.leap < 0 || c.time < 0 || c.type <= 0 || c.type > 256 ||
        c.chars < 0 || c.time > 100000 || c.leap > 100000 || c.chars > 100000)
        return std::nullopt;
    return c;
}

std::size_t block_size(const Counts& c, std::size_t time_size) {
    return static_cast<std::size_t>(c.time) * time_size + static_cast<std::size_t>(c.time) +
           static_cast<std::size_t>(c.type) * 6 + static_cast<std::size_t>(c.chars) +
           static_cast<std::size_t>(c.leap) * (time_size + 4) + static_cast<std::size_t>(c.isstd) +
           static_cast<std::size_t>(c.isut);
}

}  // namespace

std::chrono::seconds TzZone::offset_at(Timestamp t) const {
    const std::int64_t secs =
        std::chrono::floor<std::chrono::seconds>(t.time_since_epoch()).count();
    const auto after = std::upper_bound(transitions.begin(), transitions.end(), secs);
    if (after == transitions.begin()) return std::chrono::seconds{initial_offset};
    return std::chrono::seconds{offsets[static_cast<std::size_t>(after - transitions.begin()) - 1]};
}

std::optional<TzZone> parse_tzif(const std::string& bytes) {
    Reader r{bytes};
    auto counts = read_header(r);
    if (!counts) return std::nullopt;
    const char version = bytes[4];
    std::size_t time_size = 4;
    if (version >= '2') {  // skip the 32-bit block: the 64-bit one follows with its own header
        if (!r.has(block_size(*counts, 4))) return std::nullopt;
        r.at += block_size(*counts, 4);
        counts = read_header(r);
        if (!counts) return std::nullopt;
        time_size = 8;
    }
    const Counts c = *counts;
    if (!r.has(block_size(c, time_size))) return std::nullopt;
    std::vector<std::int64_t> times;
    for (std::int64_t i = 0; i < c.time; ++i) times.push_back(r.big_endian(time_size));
    std::vector<std::size_t> type_of;
    for (std::int64_t i = 0; i < c.time; ++i) {
        const auto type = static_cast<unsigned char>(bytes[r.at++]);
        if (type >= c.type) return std::nullopt;
        type_of.push_back(type);
    }
    std::vector<std::int32_t> type_offsets;
    for (std::int64_t i = 0; i < c.type; ++i) {
        const std::int64_t offset = r.big_endian(4);
        r.at += 2;                                                   // is_dst, abbreviation index
        if (offset < -89999 || offset > 93599) return std::nullopt;  // RFC 8536: within 26 h
        type_offsets.push_back(static_cast<std::int32_t>(offset));
    }
    if (!std::is_sorted(times.begin(), times.end())) return std::nullopt;
    TzZone zone;
    zone.transitions = std::move(times);
    for (const std::size_t type : type_of) zone.offsets.push_back(type_offsets[type]);
    zone.initial_offset = type_offsets[0];  // RFC 8536 3.2: type 0 before the first transition
    return zone;
}

bool plausible_zone_name(const std::string& name) {
    if (name.empty() || name.size() > kMaxZoneName || name.front() == '/' || name.back() == '/')
        return false;
    const bool chars_ok = std::all_of(name.begin(), name.end(), [](char ch) {
        return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
               ch == '_' || ch == '-' || ch == '+' || ch == '/';
    });
    if (!chars_ok) return false;
    std::stringstream parts(name);
    std::string part;
    while (std::getline(parts, part, '/')) {
        if (part.empty() || part == "." || part == "..") return false;
    }
    return true;
}

TzDatabase::TzDatabase(std::string root) : root_(std::move(root)) {}

std::shared_ptr<const TzZone> TzDatabase::find(const std::string& name) const {
    if (!plausible_zone_name(name)) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    if (const auto known = zones_.find(name); known != zones_.end()) return known->second;
    std::shared_ptr<const TzZone> zone;
    std::ifstream in(root_ + "/" + name, std::ios::binary);
    if (in) {
        std::string bytes;
        bytes.resize(kMaxZoneFile);
        in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        bytes.resize(static_cast<std::size_t>(in.gcount()));
        if (auto parsed = parse_tzif(bytes)) zone = std::make_shared<TzZone>(std::move(*parsed));
    }
    // Only names that are zones are kept: unknown names cannot grow the table without bound.
    if (zone) zones_.emplace(name, zone);
    return zone;
}

std::optional<Date> TzDatabase::local_date(Timestamp t, const std::string& name) const {
    const auto zone = find(name);
    if (!zone) return std::nullopt;
    return std::chrono::floor<std::chrono::days>(t + zone->offset_at(t));
}

const TzDatabase& system_tz_database() {
    static const TzDatabase database;
    return database;
}

}  // namespace ll
