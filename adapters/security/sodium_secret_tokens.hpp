#pragma once
// Refresh tokens (core/ports/refresh_sessions.hpp SecretTokens) with libsodium: randombytes for
// the secret, SHA-256 for what is stored (a 256-bit random secret needs no salt or slow hash:
// guessing it is as hard as guessing the digest), sodium_memcmp to compare, HMAC-SHA256 under a
// key derived from the service secret (JWT_SECRET) for a token's successor, so every replica
// derives the same one.
#include <array>
#include <string_view>

#include "core/ports/refresh_sessions.hpp"

namespace ll {

class SodiumSecretTokens final : public SecretTokens {
  public:
    // Initialises libsodium (throws when it cannot).
    explicit SodiumSecretTokens(std::string_view service_secret);
    std::string generate() override;
    std::string successor(std::string_view token) const override;
    std::string digest(std::string_view token) const override;
    bool same_digest(std::string_view a, std::string_view b) const override;

  private:
    std::array<unsigned char, 32> successor_key_{};
};

}  // namespace ll
