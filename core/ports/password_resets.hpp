#pragma once
// One-time password reset tokens (docs/accounts.md "Passwords"). Only the SHA-256 of a token is
// stored (SecretTokens::digest); the rules (lifetime, mails per hour, one message for every bad
// token) live in core/app/password_reset.*; the stores only store.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/types.hpp"

namespace ll {

struct PasswordResetToken {
    std::string digest;
    Id user_id = 0;
    Timestamp created_at{};
    Timestamp expires_at{};
    std::optional<Timestamp> used_at;  // consumed, or superseded by a later request
};

class PasswordResetRepository {
  public:
    virtual ~PasswordResetRepository() = default;
    // Atomically: marks the user's unused tokens used at `token.created_at` (superseded) and
    // stores `token`.
    virtual void issue(const PasswordResetToken& token) = 0;
    virtual std::optional<PasswordResetToken> find(std::string_view digest) = 0;
    // Atomically marks the token used at `now` when it is unused and expires after `now`; the
    // user it belongs to, or nullopt (unknown, used, expired; of two concurrent calls the second).
    virtual std::optional<Id> consume(std::string_view digest, Timestamp now) = 0;
    // Marks the user's unused tokens used at `now` (the password was changed another way).
    virtual void cancel_open(Id user_id, Timestamp now) = 0;
    // How many tokens the user was issued after `since` (the mails sent).
    virtual std::size_t issued_since(Id user_id, Timestamp since) = 0;
    // Removes tokens that expired before `before`; how many.
    virtual std::size_t purge(Timestamp before) = 0;
};

}  // namespace ll
