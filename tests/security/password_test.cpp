#include <catch2/catch.hpp>

#include "adapters/security/argon2id_password_hasher.hpp"

using namespace ll;

TEST_CASE("argon2id: OWASP minimum, verify, rehash when the cost rises", "[password]") {
    Argon2idPasswordHasher hasher;
    const std::string hash = hasher.hash("correct horse");
    CHECK(hash.rfind("$argon2id$v=19$m=19456,t=2,p=1$", 0) == 0);
    CHECK(hasher.verify(hash, "correct horse"));
    CHECK_FALSE(hasher.verify(hash, "correct horse "));
    CHECK_FALSE(hasher.verify("not a hash", "correct horse"));
    CHECK_FALSE(hasher.needs_rehash(hash));
    CHECK(hasher.hash("correct horse") != hash);  // salted

    Argon2idPasswordHasher stronger(19456, 3);
    CHECK(stronger.needs_rehash(hash));
    CHECK(stronger.verify(hash, "correct horse"));  // old hashes still verify
    hasher.verify_dummy("anything");                // spends the time, answers nothing
    CHECK_THROWS_AS(Argon2idPasswordHasher(8192, 2), std::invalid_argument);
    CHECK_THROWS_AS(Argon2idPasswordHasher(19456, 1), std::invalid_argument);
}
