#include <catch2/catch.hpp>

#include "adapters/security/dev_tokens.hpp"

using namespace ll;

TEST_CASE("development tokens: exact match only", "[devtokens]") {
    const ConstantTimeDevTokens tokens(
        {"dev-token-for-local-authoring-0001", "second-token-abcdefghijklmnop"});
    CHECK(tokens.matches("dev-token-for-local-authoring-0001"));
    CHECK(tokens.matches("second-token-abcdefghijklmnop"));
    CHECK_FALSE(tokens.matches("dev-token-for-local-authoring-000"));    // a prefix
    CHECK_FALSE(tokens.matches("dev-token-for-local-authoring-00012"));  // longer
    CHECK_FALSE(tokens.matches("DEV-TOKEN-FOR-LOCAL-AUTHORING-0001"));   // case matters
    CHECK_FALSE(tokens.matches(""));
    const ConstantTimeDevTokens none({});
    CHECK_FALSE(none.matches(""));
    CHECK_FALSE(none.matches("dev-token-for-local-authoring-0001"));
}
