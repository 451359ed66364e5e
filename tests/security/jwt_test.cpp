#include <catch2/catch.hpp>

#include "adapters/security/base64url.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "core/domain/time_format.hpp"
#include "node_tokens.hpp"

using namespace ll;

namespace {
const Timestamp kNow = *parse_timestamp("2026-11-22T10:00:00Z");
}

TEST_CASE("RFC 7515 appendix A.1: the HS256 example verifies with its key", "[jwt]") {
    const std::string token =
        "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9."
        "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cn"
        "VlfQ."
        "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const auto key = base64url::decode(
        "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow");
    REQUIRE(key);
    CHECK(hs256_signature_valid(token, *key));
    CHECK_FALSE(hs256_signature_valid(token, "wrong key"));
    // The example's claims expired in 2011 and lack ours: the full check refuses it.
    JwtTokenService service(*key, 3600);
    CHECK_FALSE(service.verify(token, kNow));
}

TEST_CASE("tokens made by Node.js verify; tampered ones do not", "[jwt]") {
    JwtTokenService service(node_tokens::kSecret, 3600);
    const auto claims = service.verify(node_tokens::valid, kNow);
    REQUIRE(claims);
    CHECK(claims->user_id == 42);
    CHECK(claims->email == "ada@example.com");
    CHECK(claims->role == "end-user");
    CHECK(claims->native_lang == "sv");
    CHECK(service.verify(node_tokens::valid_no_typ, kNow));

    CHECK_FALSE(service.verify(node_tokens::expired, kNow));
    CHECK_FALSE(service.verify(node_tokens::no_exp, kNow));
    CHECK_FALSE(service.verify(node_tokens::alg_none, kNow));
    CHECK_FALSE(service.verify(node_tokens::alg_hs512, kNow));
    CHECK_FALSE(service.verify(node_tokens::wrong_secret, kNow));
    CHECK_FALSE(service.verify(node_tokens::user_id_string, kNow));
    CHECK_FALSE(service.verify(node_tokens::header_array, kNow));
    CHECK_FALSE(service.verify(node_tokens::typ_other, kNow));
    CHECK_FALSE(service.verify(node_tokens::exp_string, kNow));
    CHECK_FALSE(service.verify(node_tokens::payload_array, kNow));
    CHECK_FALSE(service.verify(node_tokens::payload_not_json, kNow));
    // Their signatures are right: the refusals above come from the claims layer.
    CHECK(hs256_signature_valid(node_tokens::exp_string, node_tokens::kSecret));
    CHECK(hs256_signature_valid(node_tokens::payload_array, node_tokens::kSecret));
    const auto via_kid = service.verify(node_tokens::kid_jku_ignored, kNow);
    REQUIRE(via_kid);
    CHECK(via_kid->user_id == 42);
    CHECK_FALSE(JwtTokenService("a-different-secret-of-32-bytes-or-more", 3600)
                    .verify(node_tokens::kid_jku_ignored, kNow));

    const std::string valid = node_tokens::valid;
    const auto dot = valid.rfind('.');
    CHECK_FALSE(service.verify(valid.substr(0, dot), kNow));               // two segments
    CHECK_FALSE(service.verify(valid + ".x", kNow));                       // four segments
    CHECK_FALSE(service.verify(valid.substr(0, dot + 1) + "!!!!", kNow));  // bad base64url
    CHECK_FALSE(service.verify(valid.substr(0, dot + 1) + "AAAA", kNow));  // wrong signature
    CHECK_FALSE(service.verify(valid + "=", kNow));                        // padding
    CHECK_FALSE(service.verify("", kNow));
    CHECK_FALSE(service.verify("garbage", kNow));
}

TEST_CASE("issue then verify: claims, iat and exp", "[jwt]") {
    JwtTokenService service("a-secret-of-at-least-thirty-two-bytes!!", 7 * 24 * 3600);
    const std::string token = service.issue(TokenClaims{7, "b@c.de", "editor", "en", {}}, kNow);
    const auto claims = service.verify(token, kNow);
    REQUIRE(claims);
    CHECK(claims->user_id == 7);
    CHECK(claims->role == "editor");
    CHECK(claims->native_lang == "en");
    CHECK(service.verify(token, kNow + std::chrono::hours{24 * 7} - std::chrono::seconds{1}));
    CHECK_FALSE(service.verify(token, kNow + std::chrono::hours{24 * 7}));
    JwtTokenService other("another-secret-of-at-least-thirty-two!!", 3600);
    CHECK_FALSE(other.verify(token, kNow));
    // The header is exactly what the spec pins.
    CHECK(base64url::decode(token.substr(0, token.find('.'))) ==
          std::string(R"({"alg":"HS256","typ":"JWT"})"));
}

TEST_CASE("base64url: round trips and strict decoding", "[jwt]") {
    for (const std::string& s : std::vector<std::string>{"", "f", "fo", "foo", "foob", "fooba",
                                                         "foobar", std::string("\0\xff\xfe", 3)}) {
        CHECK(base64url::decode(base64url::encode(s)) == s);
    }
    CHECK(base64url::encode("\xfb\xff") == "-_8");
    CHECK_FALSE(base64url::decode("Zg=="));  // padding
    CHECK_FALSE(base64url::decode("Zh"));    // non-zero trailing bits
    CHECK_FALSE(base64url::decode("Z"));     // impossible length
    CHECK_FALSE(base64url::decode("a+b/"));  // standard alphabet
}
