#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/types.hpp"

namespace ll {

class PasswordHasher {
  public:
    virtual ~PasswordHasher() = default;
    virtual std::string hash(std::string_view password) = 0;
    virtual bool verify(std::string_view hash, std::string_view password) = 0;
    // The stored hash has weaker parameters than configured: re-hash after a good login.
    virtual bool needs_rehash(std::string_view hash) = 0;
    // Spends the time of one verification against a fixed hash (login with unknown e-mail).
    virtual void verify_dummy(std::string_view password) = 0;
};

struct TokenClaims {
    Id user_id = 0;
    std::string email;
    std::string role;
    std::string native_lang = "de";
    // The refresh family the token was issued for (`sid`), empty for a token issued without one
    // (before sessions existed). Checked against the family's revocation
    // (core/app/session_standing.hpp).
    std::string session_id;
};

class TokenService {
  public:
    virtual ~TokenService() = default;
    virtual std::string issue(const TokenClaims& claims, Timestamp now) = 0;
    // nullopt for anything but a well-formed, correctly signed, unexpired HS256 token.
    virtual std::optional<TokenClaims> verify(std::string_view token, Timestamp now) = 0;
    // How long an issued token lives (JWT_EXPIRES_IN): the token answers' `expires_in`.
    virtual std::chrono::seconds lifetime() const = 0;
};

// The static development tokens of the authoring API (DEV_TOKENS, docs/spec/decisions.md 2 and 7).
// The comparison is the adapter's job: constant time, so response times reveal nothing of a token.
class DevTokenVerifier {
  public:
    virtual ~DevTokenVerifier() = default;
    virtual bool matches(std::string_view token) const = 0;
};

}  // namespace ll
