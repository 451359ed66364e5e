#pragma once
// HS256 JSON Web Tokens on OpenSSL HMAC-SHA256 and Boost.JSON (docs/spec/decisions.md 7). The
// algorithm is pinned: the header must say exactly HS256; kid/jku/x5u are never followed.
#include <memory>
#include <string>

#include "core/ports/security.hpp"

namespace ll {

class HmacSha256;

class JwtTokenService final : public TokenService {
  public:
    JwtTokenService(std::string secret, std::int64_t expires_in_seconds);
    ~JwtTokenService() override;

    std::string issue(const TokenClaims& claims, Timestamp now) override;
    std::optional<TokenClaims> verify(std::string_view token, Timestamp now) override;
    std::chrono::seconds lifetime() const override {
        return std::chrono::seconds(expires_in_seconds_);
    }

  private:
    std::string sign(std::string_view signing_input) const;

    std::unique_ptr<const HmacSha256> hmac_;  // keyed with the secret once
    std::int64_t expires_in_seconds_;
};

// The signature layer alone (RFC 7515 appendix A.1 is checked against it): true when `token`
// has three segments and its HS256 signature over the first two is right for `key`.
bool hs256_signature_valid(std::string_view token, std::string_view key);

}  // namespace ll
