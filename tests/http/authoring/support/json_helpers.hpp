#pragma once
// Small readers for the JSON answers of the authoring API and for what the store holds, shared
// by the authoring HTTP tests (statements, questions, pairs, generation, audio, feed).
#include <catch2/catch.hpp>

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include "tests/http/authoring/support/staff_api.hpp"

namespace ll::test {

namespace json = boost::json;

inline Id id_of(const json::value& v) {
    return v.at("id").as_int64();
}

// The ids of a JSON array of items, in answer order.
inline std::vector<Id> ids_of(const json::value& array) {
    std::vector<Id> out;
    for (const auto& item : array.as_array()) out.push_back(item.at("id").as_int64());
    return out;
}

// A string member, "" when null.
inline std::string str(const json::value& v, std::string_view key) {
    const auto& m = v.at(key);
    return m.is_null() ? std::string() : std::string(m.as_string());
}

inline bool is_null(const json::value& v, std::string_view key) {
    return v.at(key).is_null();
}

// The member names of an object.
inline std::set<std::string> keys(const json::value& v) {
    std::set<std::string> out;
    for (const auto& kv : v.as_object()) out.insert(std::string(kv.key()));
    return out;
}

inline std::string to_text(const json::value& v) {
    return json::serialize(v);
}

// "/api/cms/db-pairs/12/review": `base` + "/" + id + `suffix`.
inline std::string at(const std::string& base, Id id, const std::string& suffix = "") {
    return base + "/" + std::to_string(id) + suffix;
}

// Runs `work(ContentTx&)` on one snapshot of the store and answers what it answers.
template <typename F>
auto in_store(StaffApi& api, F&& work) {
    using T = std::invoke_result_t<F&, ContentTx&>;
    std::optional<T> out;
    api.storage().content().read([&](ContentTx& tx) { out.emplace(work(tx)); });
    return std::move(*out);
}

// How many items a list route answers (one page of 200).
inline std::size_t count_of(StaffApi& api, const std::string& list_route) {
    const Reply r =
        api.get(list_route + (list_route.find('?') == std::string::npos ? "?" : "&") + "limit=200");
    INFO(text(r));
    REQUIRE(r.status == 200);
    return r.json.as_array().size();
}

// The status of one item, read back through its GET route.
inline std::string status_of(StaffApi& api, const std::string& item_route) {
    const Reply r = api.get(item_route);
    INFO(text(r));
    REQUIRE(r.status == 200);
    return str(r.json, "status");
}

// Every refused and allowed transition of the draft -> reviewed -> published machine of one
// item kind (`kind` as the messages name it: "statement", "question", "pair"), on the item at
// `route` which must be in draft. Ends with the item published.
inline void check_review_machine(StaffApi& api, const std::string& route, const std::string& kind) {
    auto refused = [&](const std::string& action, const std::string& message,
                       const std::string& stays) {
        const Reply r = api.post(route + "/" + action, "");
        INFO(action << " in " << stays << ": " << text(r));
        CHECK(r.status == 409);
        CHECK(r.error() == message);
        CHECK(status_of(api, route) == stays);
    };
    auto allowed = [&](const std::string& action, const std::string& to) {
        const Reply r = api.post(route + "/" + action, "");
        INFO(action << ": " << text(r));
        REQUIRE(r.status == 200);
        CHECK(str(r.json, "status") == to);
        CHECK(status_of(api, route) == to);
    };
    REQUIRE(status_of(api, route) == "draft");
    refused("publish", "Only reviewed items can be published", "draft");
    refused("unpublish", "Cannot unpublish a " + kind + " in status draft", "draft");
    allowed("review", "reviewed");
    refused("review", "Cannot review a " + kind + " in status reviewed", "reviewed");
    refused("unpublish", "Cannot unpublish a " + kind + " in status reviewed", "reviewed");
    allowed("publish", "published");
    refused("review", "Cannot review a " + kind + " in status published", "published");
    refused("publish", "Cannot publish a " + kind + " in status published", "published");
    allowed("unpublish", "reviewed");
    allowed("publish", "published");
}

// The review actions on an id that does not exist (and one that is not an id).
inline void check_review_not_found(StaffApi& api, const std::string& base) {
    for (const char* action : {"/review", "/publish", "/unpublish"}) {
        for (const char* id : {"/999999", "/abc", "/0"}) {
            const Reply r = api.post(base + id + action, "");
            INFO(base << id << action << ": " << text(r));
            CHECK(r.status == 404);
            CHECK(r.error() == "Not found");
        }
    }
}

// The id of a pair's statement, from GET /api/cms/db-pairs/:id.
inline Id statement_of(StaffApi& api, Id pair) {
    const Reply r = api.get(at("/api/cms/db-pairs", pair));
    INFO(text(r));
    REQUIRE(r.status == 200);
    return r.json.at("statement").at("id").as_int64();
}

// POST /api/audios/generate-for; REQUIREs 201 or 200 and answers the audio.
inline json::value speak(StaffApi& api, const std::string& table, Id id, const std::string& field,
                         const std::string& language) {
    const Reply r =
        api.post("/api/audios/generate-for", json::serialize(json::object{{"source_table", table},
                                                                          {"source_id", id},
                                                                          {"source_field", field},
                                                                          {"language", language}}));
    INFO(text(r));
    REQUIRE((r.status == 201 || r.status == 200));
    return r.json;
}

// A learner registered through /auth/register on the learner API of `api` (same database);
// answers its token.
inline std::string register_learner(StaffApi& api, const std::string& email) {
    HttpClient client(api.learner().port());
    const Reply r =
        client.post("/auth/register",
                    json::serialize(json::object{{"email", email}, {"password", "password1"}}));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return std::string(r.json.at("token").as_string());
}

// The id of a published language by short code, from /auth/languages.
inline Id language_id(StaffApi& api, const std::string& code) {
    HttpClient client(api.learner().port());
    const Reply r = client.get("/auth/languages");
    REQUIRE(r.status == 200);
    for (const auto& l : r.json.as_array())
        if (str(l, "short_en") == code) return id_of(l);
    FAIL("no language " << code);
    return 0;
}

// A learner with a profile (native and target language by short code), by the learner API.
inline std::string learner_with_target(StaffApi& api, const std::string& email,
                                       const std::string& username, const std::string& native,
                                       const std::string& target) {
    const std::string token = register_learner(api, email);
    HttpClient client(api.learner().port());
    const Reply r =
        client.post("/auth/profile",
                    json::serialize(json::object{{"username", username},
                                                 {"nativeLang", language_id(api, native)},
                                                 {"targetLang", language_id(api, target)}}),
                    token);
    INFO(text(r));
    REQUIRE(r.status == 201);
    return token;
}

// GET /feed<query> on the learner API of `api`.
inline Reply feed(StaffApi& api, const std::string& token, const std::string& query = "") {
    HttpClient client(api.learner().port());
    const Reply r = client.get("/feed" + query, token);
    INFO(text(r));
    REQUIRE(r.status == 200);
    return r;
}

// The pair ids of a feed answer.
inline std::vector<Id> feed_ids(const Reply& r) {
    std::vector<Id> out;
    for (const auto& item : r.json.at("items").as_array())
        out.push_back(item.at("pair_id").as_int64());
    return out;
}

// The reply, REQUIRE'd to have `status` (its body in the failure message).
inline Reply ok_reply(Reply r, int status = 200) {
    INFO(text(r));
    REQUIRE(r.status == status);
    return r;
}

// The German statement the learner's feed shows for its only card.
inline std::string feed_text(StaffApi& api, const std::string& token) {
    const Reply f = feed(api, token);
    REQUIRE(f.json.at("items").as_array().size() == 1);
    return str(f.json.at("items").at(0).at("statement"), "de");
}

}  // namespace ll::test
