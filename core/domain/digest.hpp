#pragma once
// A 64-bit FNV-1a digest: fixed-size keys for in-memory tables fed by client text (rate-limit
// and lockout counters), so an entry costs the same whatever length the client sent. Not a
// cryptographic hash; nothing here depends on collisions being hard to find.
#include <cstdint>
#include <string_view>

namespace ll {

inline std::uint64_t fnv1a64(std::string_view text) {
    std::uint64_t digest = 14695981039346656037ULL;
    for (const char c : text) {
        digest ^= static_cast<unsigned char>(c);
        digest *= 1099511628211ULL;
    }
    return digest;
}

}  // namespace ll
