#pragma once
// Learner sessions that outlast an access token (docs/accounts.md "Sessions and sign-out"): each
// sign-in on a device opens a family; every refresh token of the family is stored only as a
// digest, used once and replaced by the next (rotation). The rules (reuse revokes the family,
// expiry, who may revoke what) live in core/app/refresh_sessions.*; the stores only store.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/types.hpp"

namespace ll {

// One signed-in device. Its id is the access tokens' `sid` claim.
struct RefreshFamily {
    std::string id;  // random (SecretTokens::generate), no secret on its own
    Id user_id = 0;
    std::string device;  // the User-Agent at sign-in, truncated; may be empty
    Timestamp created_at{};
    Timestamp last_used_at{};
    Timestamp expires_at{};  // moves forward on every refresh (REFRESH_EXPIRES_IN after it)
    std::optional<Timestamp> revoked_at;
};

// One refresh token of a family, by the digest of what the client holds.
struct RefreshTokenRecord {
    std::string digest;
    std::string family_id;
    Timestamp created_at{};
    std::optional<Timestamp> used_at;  // set when it was exchanged for its successor
};

class RefreshSessionRepository {
  public:
    virtual ~RefreshSessionRepository() = default;
    // The family and its first token, together.
    virtual void open(const RefreshFamily& family, std::string_view first_digest) = 0;
    virtual std::optional<RefreshFamily> find_family(std::string_view id) = 0;
    virtual std::optional<RefreshTokenRecord> find_token(std::string_view digest) = 0;
    // Atomically: marks `old_digest` used at `now`, adds `new_digest` to its family and moves
    // the family's last use to `now` and its expiry to `expires_at`; only when the old token is
    // still unused and its family not revoked. false (nothing changed) otherwise, e.g. when a
    // concurrent call used it first.
    virtual bool rotate(std::string_view old_digest, std::string_view new_digest, Timestamp now,
                        Timestamp expires_at) = 0;
    // Marks the family revoked at `now` (once: a revoked family keeps its first time); false
    // when there is no such family.
    virtual bool revoke_family(std::string_view id, Timestamp now) = 0;
    // Revokes every live family of the user but `keep` (the caller's device at a password
    // change; empty: none is kept); their ids.
    virtual std::vector<std::string> revoke_others(Id user_id, std::string_view keep,
                                                   Timestamp now) = 0;
    // Revokes the user's live families but the `keep` last used (ties: the later created);
    // their ids.
    virtual std::vector<std::string> revoke_beyond(Id user_id, std::size_t keep, Timestamp now) = 0;
    // Removes families that expired (expiry not after `now`) or were revoked, with their
    // tokens, and used tokens whose use is not after `used_before`; how many rows in all.
    virtual std::size_t purge(Timestamp now, Timestamp used_before) = 0;
};

// Opaque secrets handed to clients (refresh tokens): made, digested and compared by the
// adapter (libsodium's randombytes, SHA-256, a constant-time comparison).
class SecretTokens {
  public:
    virtual ~SecretTokens() = default;
    // 32 random bytes, base64url without padding (43 characters).
    virtual std::string generate() = 0;
    // The token that replaces `token` at its rotation, of the same shape: a keyed digest of it
    // (unguessable without the service's key, whoever holds `token`), so a refresh that is
    // retried after its answer was lost gets the very pair its first attempt got
    // (docs/accounts.md "Sessions and sign-out").
    virtual std::string successor(std::string_view token) const = 0;
    // What is stored instead of the secret: SHA-256, hex.
    virtual std::string digest(std::string_view token) const = 0;
    // Constant-time equality of two digests.
    virtual bool same_digest(std::string_view a, std::string_view b) const = 0;
};

}  // namespace ll
