#include <catch2/catch.hpp>

#include "core/app/authenticate.hpp"
#include "support/fixture.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("authenticate: bearer prefix and token checks", "[auth]") {
    World w;
    const std::string token =
        w.tokens.issue(TokenClaims{7, "a@b.cd", "end-user", "de", {}}, w.clock.now());
    const auto check = [&](std::optional<std::string> header) {
        return authenticate(w.tokens, w.clock,
                            header ? std::optional<std::string_view>(*header) : std::nullopt);
    };
    CHECK(check(std::nullopt).error() == errors::unauthorized());
    CHECK(check("Basic abc").error() == errors::unauthorized());
    CHECK(check("bearer " + token).error() == errors::unauthorized());
    CHECK(check("Bearer").error() == errors::unauthorized());
    CHECK(check("Bearer ").error() == errors::invalid_token());
    CHECK(check("Bearer garbage").error() == errors::invalid_token());
    CHECK(check("Bearer  " + token).error() == errors::invalid_token());  // two spaces
    const auto ok = check("Bearer " + token);
    REQUIRE(ok.ok());
    CHECK(ok->user_id == 7);
    w.clock.advance(std::chrono::hours{24 * 8});
    CHECK(check("Bearer " + token).error() == errors::invalid_token());
}
