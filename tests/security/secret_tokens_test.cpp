// Refresh tokens with libsodium (adapters/security/sodium_secret_tokens.*, issue 18).
#include <catch2/catch.hpp>

#include <set>

#include "adapters/security/sodium_secret_tokens.hpp"

using namespace ll;

TEST_CASE("secret tokens: 32 random bytes in base64url, never twice", "[secret-tokens]") {
    SodiumSecretTokens secrets;
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
    SodiumSecretTokens secrets;
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
