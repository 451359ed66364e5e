#include "adapters/http/server/request_target.hpp"

namespace ll::http {
namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

std::string percent_decode(std::string_view s, bool plus_is_space) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            const int hi = hex_value(s[i + 1]);
            const int lo = hex_value(s[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += static_cast<char>(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += (plus_is_space && s[i] == '+') ? ' ' : s[i];
    }
    return out;
}

void split_target(std::string_view target, Request& request) {
    const auto q = target.find('?');
    request.path = percent_decode(target.substr(0, q), false);
    if (q == std::string_view::npos) return;
    std::string_view query = target.substr(q + 1);
    while (!query.empty()) {
        const auto amp = query.find('&');
        const std::string_view pair = query.substr(0, amp);
        const auto eq = pair.find('=');
        std::string key = percent_decode(pair.substr(0, eq), true);
        std::string value =
            eq == std::string_view::npos ? "" : percent_decode(pair.substr(eq + 1), true);
        request.query.emplace(std::move(key), std::move(value));  // the first value wins
        if (amp == std::string_view::npos) break;
        query = query.substr(amp + 1);
    }
}

}  // namespace ll::http
