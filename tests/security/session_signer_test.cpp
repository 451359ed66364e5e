// The staff session cookie and CSRF token (adapters/security/session_signer.*): what verifies,
// what does not, and that the two keys are apart.
#include <catch2/catch.hpp>

#include <set>

#include "adapters/security/base64url.hpp"
#include "adapters/security/session_signer.hpp"

using namespace ll;

namespace {
constexpr const char* kSecret = "session-signer-test-secret-0123456789abcdef";
const Timestamp kNow{std::chrono::milliseconds(1'795'000'000'000)};
}  // namespace

TEST_CASE("session signer: cookies round-trip and expire", "[security][session]") {
    HmacSessionSigner signer(kSecret);
    const std::string id = signer.new_session_id();
    CHECK(id.size() == 32);
    const Timestamp expires = kNow + std::chrono::hours(12);
    const std::string cookie = signer.cookie(SessionCookie{id, expires});
    CHECK(cookie.size() == 75);  // 56 bytes in base64url without padding
    const auto back = signer.verify(cookie, kNow);
    REQUIRE(back);
    CHECK(back->session_id == id);
    CHECK(back->expires_at == expires);
    CHECK_FALSE(signer.verify(cookie, expires));
    CHECK(signer.verify(cookie, expires - std::chrono::milliseconds(1)));
}

TEST_CASE("session signer: tampered, foreign and malformed cookies are refused",
          "[security][session]") {
    HmacSessionSigner signer(kSecret);
    const std::string id = signer.new_session_id();
    const std::string cookie = signer.cookie(SessionCookie{id, kNow + std::chrono::hours(1)});
    // Every single changed character.
    for (std::size_t i = 0; i < cookie.size(); ++i) {
        std::string bad = cookie;
        bad[i] = bad[i] == 'A' ? 'B' : 'A';
        INFO(i);
        CHECK_FALSE(signer.verify(bad, kNow));
    }
    // A later expiry with the old signature.
    auto bytes = *base64url::decode(cookie);
    bytes[20] = static_cast<char>(bytes[20] + 1);
    CHECK_FALSE(signer.verify(base64url::encode(bytes), kNow));
    HmacSessionSigner other("another-secret-0123456789abcdefghijklmn");
    CHECK_FALSE(other.verify(cookie, kNow));
    for (const std::string& junk : {std::string(), std::string("junk"), cookie + "A",
                                    cookie.substr(1), std::string(10000, 'A'), cookie + "="}) {
        CHECK_FALSE(signer.verify(junk, kNow));
    }
    // The CSRF token is no cookie.
    CHECK_FALSE(signer.verify(signer.csrf_token(id), kNow));
}

TEST_CASE("session signer: CSRF tokens belong to one session", "[security][session]") {
    HmacSessionSigner signer(kSecret);
    const std::string a = signer.new_session_id(), b = signer.new_session_id();
    CHECK(a != b);
    const std::string token = signer.csrf_token(a);
    CHECK(signer.csrf_matches(a, token));
    CHECK_FALSE(signer.csrf_matches(b, token));
    CHECK_FALSE(signer.csrf_matches(a, ""));
    CHECK_FALSE(signer.csrf_matches(a, token + "A"));
    CHECK_FALSE(signer.csrf_matches(a, token.substr(1)));
    CHECK_FALSE(
        HmacSessionSigner("another-secret-0123456789abcdefghijklmn").csrf_matches(a, token));
    std::set<std::string> ids;
    for (int i = 0; i < 1000; ++i) ids.insert(signer.new_session_id());
    CHECK(ids.size() == 1000);
}
