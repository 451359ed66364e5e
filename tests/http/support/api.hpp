#pragma once
// The learner API as a test drives it: a server, a client, and the common steps.
#include <catch2/catch.hpp>

#include "tests/http/support/http_client.hpp"
#include "tests/http/support/test_server.hpp"

namespace ll::test {

struct Api {
    Api() = default;
    // A server whose POST /auth/progress takes the app's points as CLIENT_SCORING says.
    explicit Api(ClientScoring client_scoring) : server({}, {}, nullptr, {}, {}, client_scoring) {}

    TestServer server;
    HttpClient client{server.port()};

    // Registers and returns the token.
    std::string register_user(const std::string& email, const std::string& password = "password1") {
        const Reply r = client.post(
            "/auth/register", R"({"email":")" + email + R"(","password":")" + password + R"("})");
        REQUIRE(r.status == 201);
        return std::string(r.json.at("token").as_string());
    }
    // Registers, creates a profile (native de, target sv) and returns the token.
    std::string learner(const std::string& email = "ada@example.com",
                        const std::string& username = "ada") {
        const std::string token = register_user(email);
        const Reply r = client.post(
            "/auth/profile", R"({"username":")" + username + R"(","nativeLang":1,"targetLang":3})",
            token);
        REQUIRE(r.status == 201);
        return token;
    }
    Id pair(const std::string& answer_type = "word", std::vector<Id> categories = {}) {
        return server.storage().content_seeder().add_pair(
            SeedPair{answer_type, "published", categories});
    }
};

}  // namespace ll::test
