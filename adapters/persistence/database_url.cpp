#include "adapters/persistence/database_url.hpp"

#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

namespace ll::sql {
namespace {

std::string percent_decode(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            const auto hex = s.substr(i + 1, 2);
            if (hex.size() == 2 && std::isxdigit(static_cast<unsigned char>(hex[0])) &&
                std::isxdigit(static_cast<unsigned char>(hex[1]))) {
                out += static_cast<char>(std::stoi(hex, nullptr, 16));
                i += 2;
                continue;
            }
        }
        out += s[i];
    }
    return out;
}

// libpq keyword values are single-quoted with \ and ' escaped.
std::string quote(const std::string& v) {
    std::string out = "'";
    for (char c : v) {
        if (c == '\\' || c == '\'') out += '\\';
        out += c;
    }
    out += '\'';
    return out;
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
    std::string rest;
    for (const char* prefix : {"postgresql://", "postgres://"}) {
        if (url.rfind(prefix, 0) == 0) rest = url.substr(std::string(prefix).size());
    }
    if (rest.empty()) {
        throw std::invalid_argument(
            "DATABASE_URL: expected sqlite://PATH or postgresql://user:pass@host:port/db");
    }
    // [user[:password]@]host[:port][/dbname][?key=value&...]
    std::string query;
    if (const auto q = rest.find('?'); q != std::string::npos) {
        query = rest.substr(q + 1);
        rest = rest.substr(0, q);
    }
    std::string user, password, hostport = rest, dbname;
    if (const auto at = rest.rfind('@'); at != std::string::npos) {
        const std::string userinfo = rest.substr(0, at);
        hostport = rest.substr(at + 1);
        const auto colon = userinfo.find(':');
        user = percent_decode(userinfo.substr(0, colon));
        if (colon != std::string::npos) password = percent_decode(userinfo.substr(colon + 1));
    }
    if (const auto slash = hostport.find('/'); slash != std::string::npos) {
        dbname = percent_decode(hostport.substr(slash + 1));
        hostport = hostport.substr(0, slash);
    }
    std::string host = hostport, port;
    if (const auto colon = hostport.rfind(':');
        colon != std::string::npos && hostport.find(']') == std::string::npos) {
        host = hostport.substr(0, colon);
        port = hostport.substr(colon + 1);
        if (port.empty() || port.find_first_not_of("0123456789") != std::string::npos) {
            throw std::invalid_argument("DATABASE_URL: the port is not a number");
        }
    }
    if (host.empty()) throw std::invalid_argument("DATABASE_URL: no host");
    std::string connect = fmt::format("host={}", quote(percent_decode(host)));
    if (!port.empty()) connect += fmt::format(" port={}", port);
    if (!user.empty()) connect += fmt::format(" user={}", quote(user));
    if (!password.empty()) connect += fmt::format(" password={}", quote(password));
    if (!dbname.empty()) connect += fmt::format(" dbname={}", quote(dbname));
    // Extra libpq parameters (sslmode=require, ...), passed through.
    std::size_t start = 0;
    while (start < query.size()) {
        const auto amp = query.find('&', start);
        const std::string kv =
            query.substr(start, amp == std::string::npos ? std::string::npos : amp - start);
        const auto eq = kv.find('=');
        if (eq != std::string::npos)
            connect +=
                fmt::format(" {}={}", kv.substr(0, eq), quote(percent_decode(kv.substr(eq + 1))));
        if (amp == std::string::npos) break;
        start = amp + 1;
    }
    connect += " connect_timeout=5";
    return DatabaseTarget{Dialect::postgresql, "postgresql", connect, ""};
}

}  // namespace ll::sql
