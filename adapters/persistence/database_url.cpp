#include "adapters/persistence/database_url.hpp"

#include <libpq-fe.h>

#include <memory>
#include <set>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

namespace ll::sql {
namespace {

// libpq keyword values are single-quoted with \ and ' escaped.
std::string quote(std::string_view v) {
    std::string out = "'";
    for (char c : v) {
        if (c == '\\' || c == '\'') out += '\\';
        out += c;
    }
    out += '\'';
    return out;
}

// libpq's parse errors quote the piece they stumbled on ("invalid percent-encoded token: "..."),
// which may be part of the password: the quoted parts are dropped, the reason stays.
std::string redacted(const char* message) {
    std::string out;
    bool quoted = false;
    for (const char* p = message; *p != '\0'; ++p) {
        if (*p == '"') {
            if (!quoted) out += "\"…\"";
            quoted = !quoted;
        } else if (!quoted && *p != '\n') {
            out += *p;
        }
    }
    return out;
}

// What the services add when the URL does not say otherwise (docs/operations.md "Connection
// strings"): a bounded wait per host, so a dead host in a multi-host list costs seconds, not
// the kernel's minutes; and TCP keepalives, so a connection to a machine that vanished without
// a word (no RST) fails within a minute instead of hanging a pooled session.
constexpr std::pair<const char*, const char*> kDefaults[] = {
    {"connect_timeout", "5"},
    {"keepalives_idle", "30"},
    {"keepalives_interval", "10"},
    {"keepalives_count", "3"},
};

// libpq reads ports only when it connects; a typo there must stop the start like any other.
bool ports_valid(std::string_view ports) {
    std::size_t start = 0;
    while (true) {
        const auto comma = ports.find(',', start);
        const auto port =
            ports.substr(start, comma == std::string_view::npos ? comma : comma - start);
        if (!port.empty()) {
            if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos)
                return false;
            const int n = std::stoi(std::string(port));
            if (n < 1 || n > 65535) return false;
        }
        if (comma == std::string_view::npos) return true;
        start = comma + 1;
    }
}

}  // namespace

DatabaseTarget parse_database_url(const std::string& url) {
    const std::string sqlite_prefix = "sqlite://";
    if (url.rfind(sqlite_prefix, 0) == 0) {
        const std::string path = url.substr(sqlite_prefix.size());
        if (path.empty()) throw std::invalid_argument("DATABASE_URL: sqlite:// needs a file path");
        return DatabaseTarget{Dialect::sqlite, "sqlite3", fmt::format("db={} timeout=10", path),
                              path};
    }
    if (url.rfind("postgresql://", 0) != 0 && url.rfind("postgres://", 0) != 0) {
        throw std::invalid_argument(
            "DATABASE_URL: expected sqlite://PATH or postgresql://user:pass@host:port/db");
    }
    // libpq reads its own URIs: multi-host lists, IPv6 brackets, percent-encoding and every
    // parameter it knows, exactly as psql would. The result is turned back into keyword=value
    // pairs, the form SOCI hands to PQconnectdb, with the defaults above where the URL is silent.
    char* error = nullptr;
    const std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> options(
        PQconninfoParse(url.c_str(), &error), &PQconninfoFree);
    if (!options) {
        const std::string reason = error != nullptr ? redacted(error) : "out of memory";
        PQfreemem(error);
        throw std::invalid_argument(fmt::format("DATABASE_URL: libpq cannot read it: {}", reason));
    }
    std::string connect;
    const auto add = [&connect](std::string_view key, std::string_view value) {
        if (!connect.empty()) connect += ' ';
        connect += fmt::format("{}={}", key, quote(value));
    };
    std::set<std::string_view> given;
    for (const PQconninfoOption* o = options.get(); o->keyword != nullptr; ++o) {
        if (o->val == nullptr) continue;
        if (std::string_view(o->keyword) == "port" && !ports_valid(o->val))
            throw std::invalid_argument("DATABASE_URL: a port is not a number from 1 to 65535");
        add(o->keyword, o->val);
        given.insert(o->keyword);
    }
    for (const auto& [key, value] : kDefaults) {
        if (!given.contains(key)) add(key, value);
    }
    return DatabaseTarget{Dialect::postgresql, "postgresql", connect, ""};
}

}  // namespace ll::sql
