// docs/spec/decisions.md 11: Idempotency-Key on POST /auth/progress.
#include <atomic>
#include <thread>

#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

namespace {
std::string card(Id pair, int points) {
    return R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":true,"points":)" +
           std::to_string(points) + "}";
}
Reply book(HttpClient& c, const std::string& token, const std::string& body,
           const std::string& key) {
    std::map<std::string, std::string> headers{{"Authorization", "Bearer " + token}};
    if (!key.empty()) headers["Idempotency-Key"] = key;
    return c.call("POST", "/auth/progress", body, headers);
}
}  // namespace

TEST_CASE("Idempotency-Key: a retry gets the first answer, another body 422",
          "[http][idempotency]") {
    Api api;
    const std::string token = api.learner();
    const Id pair = api.pair();
    auto& c = api.client;

    const Reply first = book(c, token, card(pair, 7), "k-1");
    REQUIRE(first.status == 200);
    const Reply retry = book(c, token, card(pair, 7), "k-1");
    CHECK(retry.status == 200);
    CHECK(retry.body == first.body);
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 7);  // booked once

    const Reply other = book(c, token, card(pair, 8), "k-1");
    CHECK(other.status == 422);
    CHECK(other.error() == "Idempotency-Key reused with a different request");
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 7);

    CHECK(book(c, token, card(pair, 8), "k-2").status == 200);  // a new key books
    CHECK(book(c, token, card(pair, 1), "").status == 200);     // no key: no deduplication
    CHECK(book(c, token, card(pair, 1), "").status == 200);
    CHECK(c.get("/auth/me", token).json.at("total_ep") == 17);

    // Keys are per learner: another learner's "k-1" is a different request.
    const std::string other_token = api.learner("bob@example.com", "bob");
    CHECK(book(c, other_token, card(pair, 3), "k-1").status == 200);
    CHECK(c.get("/auth/me", other_token).json.at("total_ep") == 3);
}

TEST_CASE("Idempotency-Key: 10 concurrent retries book once", "[http][idempotency]") {
    Api api;
    const std::string token = api.learner();
    const Id pair = api.pair();
    std::atomic<int> ok{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 10; ++t) {
        threads.emplace_back([&] {
            HttpClient client(api.server.port());
            if (book(client, token, card(pair, 5), "same").status == 200) ++ok;
        });
    }
    for (auto& t : threads) t.join();
    CHECK(ok == 10);
    CHECK(api.client.get("/auth/me", token).json.at("total_ep") == 5);
    CHECK(api.client.get("/auth/stats", token).json.at("today").at("cards") == 1);
}
