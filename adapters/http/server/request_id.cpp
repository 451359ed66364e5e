#include "adapters/http/server/request_id.hpp"

#include <cctype>
#include <cstdint>
#include <random>

namespace ll::http {

std::string new_request_id() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    static constexpr char hex[] = "0123456789abcdef";
    std::string id(16, '0');
    std::uint64_t v = rng();
    for (auto& c : id) {
        c = hex[v & 15];
        v >>= 4;
    }
    return id;
}

bool sane_request_id(std::string_view id) {
    if (id.empty() || id.size() > 128) return false;
    for (char c : id) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
              c == ':'))
            return false;
    }
    return true;
}

}  // namespace ll::http
