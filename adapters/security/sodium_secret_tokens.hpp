#pragma once
// Refresh tokens (issue 18, core/ports/refresh_sessions.hpp SecretTokens) with libsodium:
// randombytes for the secret, SHA-256 for what is stored (a 256-bit random secret needs no salt
// or slow hash: guessing it is as hard as guessing the digest), sodium_memcmp to compare.
#include "core/ports/refresh_sessions.hpp"

namespace ll {

class SodiumSecretTokens final : public SecretTokens {
  public:
    SodiumSecretTokens();  // initialises libsodium (throws when it cannot)
    std::string generate() override;
    std::string digest(std::string_view token) const override;
    bool same_digest(std::string_view a, std::string_view b) const override;
};

}  // namespace ll
