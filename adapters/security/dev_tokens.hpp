#pragma once
// DEV_TOKENS checked in constant time (docs/spec/decisions.md 7): each configured token and the
// presented one are hashed with SHA-256 and the digests compared with CRYPTO_memcmp against
// every configured token, so neither the content nor the length of a token shows in the time.
#include <array>
#include <string>
#include <vector>

#include "core/ports/security.hpp"

namespace ll {

class ConstantTimeDevTokens final : public DevTokenVerifier {
  public:
    explicit ConstantTimeDevTokens(const std::vector<std::string>& tokens);
    bool matches(std::string_view token) const override;

  private:
    std::vector<std::array<unsigned char, 32>> digests_;
};

}  // namespace ll
