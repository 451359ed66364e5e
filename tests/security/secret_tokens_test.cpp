// Refresh tokens with libsodium (adapters/security/sodium_secret_tokens.*).
#include <catch2/catch.hpp>

#include <set>

#include "adapters/security/sodium_secret_tokens.hpp"

using namespace ll;

TEST_CASE("secret tokens: 32 random bytes in base64url, never twice", "[secret-tokens]") {
    SodiumSecretTokens secrets{"test-secret"};
    std::set<std::string> seen;
    for (int i = 0; i < 1000; ++i) {
        const std::string token = secrets.generate();
        CHECK(token.size() == 43);
        CHECK(token.find_first_not_of(
                  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") ==
              std::string::npos);
        seen.insert(token);
    }
    CHECK(seen.size() == 1000);
}

TEST_CASE("secret tokens: SHA-256 digests compared whole", "[secret-tokens]") {
    SodiumSecretTokens secrets{"test-secret"};
    // FIPS 180-2's "abc".
    CHECK(secrets.digest("abc") ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const std::string d = secrets.digest("token");
    CHECK(d.size() == 64);
    CHECK(secrets.same_digest(d, secrets.digest("token")));
    CHECK_FALSE(secrets.same_digest(d, secrets.digest("tokem")));
    CHECK_FALSE(secrets.same_digest(d, d.substr(0, 63)));
    CHECK_FALSE(secrets.same_digest(d, ""));
}

TEST_CASE("secret tokens: a token's successor is keyed and the same every time",
          "[secret-tokens]") {
    SodiumSecretTokens secrets{"test-secret"};
    // HMAC-SHA256(HMAC-SHA256("test-secret", "langlearn refresh token successor v1"), "abc"),
    // base64url (computed with Python's hmac module).
    CHECK(secrets.successor("abc") == "7l7LFdAQywnZHUD7OuJ7IP04tYX7zYJPXWYmcy2mgvQ");
    const std::string token = secrets.generate();
    const std::string next = secrets.successor(token);
    CHECK(next.size() == 43);
    CHECK(next != token);
    CHECK(secrets.successor(token) == next);  // another replica with the same secret agrees
    CHECK(SodiumSecretTokens{"test-secret"}.successor(token) == next);
    CHECK(SodiumSecretTokens{"other-secret"}.successor(token) != next);
    CHECK(secrets.successor(next) != next);
}
