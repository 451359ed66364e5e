#pragma once
// Staff sessions: how the studio signs editors in with a cookie (docs/studio.md "Sign-in and
// sessions"). The store keeps one row per session (who, when made, until when, whether ended);
// the signer makes and checks what the browser holds, so a forged or expired cookie is refused
// without the database, before a request's body is read.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/types.hpp"

namespace ll {

struct StaffSession {
    std::string id;  // random, made by SessionSigner::new_session_id; no secret on its own
    Id user_id = 0;
    Timestamp created_at{};
    Timestamp expires_at{};
    std::optional<Timestamp> revoked_at;
};

class StaffSessionRepository {
  public:
    virtual ~StaffSessionRepository() = default;
    virtual void create(const StaffSession& session) = 0;
    virtual std::optional<StaffSession> find(std::string_view id) = 0;
    // Marks the session ended at `now` (once: an ended session keeps its first time); false when
    // there is no such session.
    virtual bool revoke(std::string_view id, Timestamp now) = 0;
    // Ends every session of the user not ended yet at `now` (a password change or reset, a
    // sign-out everywhere, a demotion); how many.
    virtual std::size_t revoke_user(Id user_id, Timestamp now) = 0;
    // Removes the sessions whose expiry is not after `now` (ended or not); how many.
    virtual std::size_t purge_expired(Timestamp now) = 0;
};

// What a session cookie says once its signature is checked.
struct SessionCookie {
    std::string session_id;
    Timestamp expires_at{};
};

// The cookie and the CSRF token are both made from the session id with keys the service keeps
// (derived from JWT_SECRET), so either can be checked on the I/O thread without the database.
// Comparisons are the adapter's job and take constant time.
class SessionSigner {
  public:
    virtual ~SessionSigner() = default;
    // A fresh unguessable session id.
    virtual std::string new_session_id() = 0;
    // The cookie value for a session (expiry kept to whole seconds).
    virtual std::string cookie(const SessionCookie& session) const = 0;
    // nullopt for anything but a well-formed, correctly signed cookie expiring after `now`.
    virtual std::optional<SessionCookie> verify(std::string_view cookie, Timestamp now) const = 0;
    virtual std::string csrf_token(std::string_view session_id) const = 0;
    virtual bool csrf_matches(std::string_view session_id, std::string_view token) const = 0;
};

}  // namespace ll
