#pragma once
// The staff session cookie and CSRF token (docs/studio.md "Sign-in and sessions"), signed with
// HMAC-SHA-256 under two keys derived from JWT_SECRET (one per use, so neither value can stand in
// for the other, nor for a JWT signature).
//
// cookie = base64url(session id (16 random bytes) | expiry (8 bytes, seconds since the epoch,
//                    big-endian) | HMAC(cookie key, the 24 bytes before))
// csrf   = base64url(HMAC(csrf key, session id))
// Session ids are handed out as 32 lower-case hex digits (what the database stores).
#include "adapters/security/hmac_sha256.hpp"
#include "core/ports/staff_sessions.hpp"

namespace ll {

class HmacSessionSigner final : public SessionSigner {
  public:
    // `secret`: JWT_SECRET (at least 32 bytes, checked by the configuration).
    explicit HmacSessionSigner(std::string_view secret);
    std::string new_session_id() override;
    std::string cookie(const SessionCookie& session) const override;
    std::optional<SessionCookie> verify(std::string_view cookie, Timestamp now) const override;
    std::string csrf_token(std::string_view session_id) const override;
    bool csrf_matches(std::string_view session_id, std::string_view token) const override;

  private:
    HmacSha256 cookie_mac_;
    HmacSha256 csrf_mac_;
};

}  // namespace ll
