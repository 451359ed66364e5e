// Two editors at once (docs/authoring-guide.md): ETag on every staff item read and on the
// answers of writes that show the item, If-Match on PATCH and DELETE (412 for a stale version,
// nothing changed), for pictures, objects, words, statements, questions and pairs; and N
// concurrent PATCHes with one If-Match, of which exactly one wins.
#include <atomic>
#include <functional>
#include <regex>
#include <thread>

#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kChanged = "Changed by someone else: reload";

// One kind of staff item as the test drives it.
struct Kind {
    std::string name;
    std::vector<std::string> bases;  // the item routes' aliases, e.g. /api/cms/objects
    std::function<Id(StaffApi&)> make;
    std::vector<std::string> patches;              // valid PATCH bodies, each changing the item
    std::string transition;                        // a POST suffix that moves the item's status
    std::vector<std::string> delete_aliases = {};  // older DELETE-only routes
};

std::vector<Kind> kinds() {
    return {
        {"picture",
         {"/api/pictures", "/pictures"},
         [](StaffApi& api) { return api.picture(); },
         {R"({"title":"Erster"})", R"({"title":"Zweiter"})", R"({"title":"Dritter"})",
          R"({"title":"Vierter"})"},
         "/finish"},
        {"object",
         {"/api/cms/objects", "/api/cms/db-objects"},
         [](StaffApi& api) { return api.object(api.picture()); },
         {R"({"user_notes":"eins"})", R"({"user_notes":"zwei"})", R"({"user_notes":"drei"})",
          R"({"user_notes":"vier"})"},
         "/review"},
        {"word",
         {"/api/cms/db-words"},
         [](StaffApi& api) { return api.word("Etikett", 2); },
         {R"({"level":3})", R"({"level":4})", R"({"level":5})", R"({"level":6})"},
         "/publish",
         {"/api/word"}},
        {"statement",
         {"/api/cms/db-statements"},
         [](StaffApi& api) {
             const Reply r = api.post("/api/cms/db-statements", R"({"text_de":"Ein Hund."})");
             REQUIRE(r.status == 201);
             return id_of(r.json);
         },
         {R"({"text_en":"A dog."})", R"({"text_en":"One dog."})", R"({"text_sv":"En hund."})",
          R"({"text_sv":"Hund."})"},
         "/review"},
        {"question",
         {"/api/cms/db-questions"},
         [](StaffApi& api) {
             const Reply r = api.post("/api/cms/db-questions", R"({"text_de":"Was ist das?"})");
             REQUIRE(r.status == 201);
             return id_of(r.json);
         },
         {R"({"text_en":"What is it?"})", R"({"level":7})", R"({"short_answer_de":"Hund"})",
          R"({"text_sv":"Vad?"})"},
         "/review",
         {"/api/question"}},
        {"pair",
         {"/api/cms/db-pairs"},
         [](StaffApi& api) { return api.pair(api.picture()); },
         {R"({"level":4})", R"({"level":5})", R"({"statement":{"text_en":"A cat."}})",
          R"({"level":6})"},
         "/review"},
    };
}

// A request with the development token and these extra headers.
Reply call(StaffApi& api, const std::string& method, const std::string& target,
           const std::string& body, std::map<std::string, std::string> headers) {
    headers["Authorization"] = std::string("Bearer ") + kDevToken;
    return api.client->call(method, target, body, headers);
}

Reply patch_if(StaffApi& api, const std::string& target, const std::string& body,
               const std::string& if_match) {
    return call(api, "PATCH", target, body, {{"If-Match", if_match}});
}

Reply delete_if(StaffApi& api, const std::string& target, const std::string& if_match) {
    return call(api, "DELETE", target, "", {{"If-Match", if_match}});
}

// The ETag of a reply, checked to be strong and quoted.
std::string etag(const Reply& r) {
    const std::string tag = r.header("etag");
    INFO(r.status << " " << r.body);
    CHECK(std::regex_match(tag, std::regex(R"("[0-9a-f]{16}")")));
    return tag;
}

void expect_412(const Reply& r) {
    INFO(text(r));
    CHECK(r.status == 412);
    CHECK(r.error() == kChanged);
    CHECK(r.header("etag").empty());
}

}  // namespace

TEST_CASE("etag: reads carry a strong ETag that moves with every change", "[authoring][etag]") {
    StaffApi api;
    for (const Kind& kind : kinds()) {
        INFO(kind.name);
        const Id id = kind.make(api);
        const std::string item = at(kind.bases[0], id);

        const Reply first = api.get(item);
        REQUIRE(first.status == 200);
        const std::string v1 = etag(first);
        CHECK(etag(api.get(item)) == v1);  // stable
        for (const auto& alias : kind.bases) CHECK(etag(api.get(at(alias, id))) == v1);

        // A PATCH without If-Match works as before and answers the new ETag, which reads give.
        const Reply patched = api.patch(item, kind.patches[0]);
        INFO(text(patched));
        REQUIRE(patched.status == 200);
        const std::string v2 = etag(patched);
        CHECK(v2 != v1);
        CHECK(etag(api.get(item)) == v2);

        // A review (or finish, publish) transition moves it too, and answers it.
        const Reply moved = api.post(item + kind.transition, "");
        INFO(text(moved));
        REQUIRE(moved.status == 200);
        const std::string v3 = etag(moved);
        CHECK(v3 != v2);
        CHECK(etag(api.get(item)) == v3);
    }
}

// docs/authoring-guide.md "Two editors at once": a PATCH that leaves the item as it is writes
// nothing, so the item keeps its updated_at and ETag (the clock moves in between, so a write
// would show).
TEST_CASE("etag: a PATCH that changes nothing keeps updated_at and the ETag", "[authoring][etag]") {
    StaffApi api;
    for (const Kind& kind : kinds()) {
        INFO(kind.name);
        const Id id = kind.make(api);
        const std::string item = at(kind.bases[0], id);
        api.clock.advance(std::chrono::seconds(5));
        const Reply before = api.get(item);
        REQUIRE(before.status == 200);

        // `{}`: 200 with the item as it was, on every alias.
        for (const auto& alias : kind.bases) {
            const Reply empty = api.patch(at(alias, id), "{}");
            INFO(alias << ": " << text(empty));
            CHECK(empty.status == 200);
            CHECK(empty.json == before.json);
            CHECK(etag(empty) == etag(before));
        }
        // With If-Match too (the version it names is still the current one).
        const Reply conditional = patch_if(api, item, "{}", etag(before));
        CHECK(conditional.status == 200);
        CHECK(etag(conditional) == etag(before));

        // The values it has already: the same.
        const Reply changed = api.patch(item, kind.patches[0]);
        REQUIRE(changed.status == 200);
        api.clock.advance(std::chrono::seconds(5));
        const Reply again = api.patch(item, kind.patches[0]);
        INFO(text(again));
        CHECK(again.status == 200);
        CHECK(again.json == changed.json);
        CHECK(etag(again) == etag(changed));
        CHECK(api.get(item).json == changed.json);
        // A real change still moves both.
        const Reply moved = api.patch(item, kind.patches[1]);
        CHECK(moved.json.at("updated_at") != changed.json.at("updated_at"));
        CHECK(etag(moved) != etag(changed));
    }
}

TEST_CASE("etag: PATCHes that restate what is stored, member by member, change nothing",
          "[authoring][etag]") {
    StaffApi api;
    const auto unchanged = [&](const std::string& item, const std::string& body) {
        api.clock.advance(std::chrono::seconds(5));
        const Reply before = api.get(item);
        const Reply r = api.patch(item, body);
        INFO(item << " " << body << ": " << text(r));
        CHECK(r.status == 200);
        CHECK(r.json == before.json);
        CHECK(etag(r) == etag(before));
    };
    const Id c1 = api.category("Eins"), c2 = api.category("Zwei");
    const Id word = api.word("Gleich", 3, {c1, c2});
    const std::string w = at("/api/cms/db-words", word);
    unchanged(w, R"({"title_de":"Gleich","level":3,"title_en":null})");
    unchanged(w, R"({"category_ids":[)" + std::to_string(c2) + "," + std::to_string(c1) + "]}");

    const Id picture = api.picture(64, 48, "Bild");
    const std::string p = at("/api/pictures", picture);
    unchanged(p, R"({"title":"Bild","objects_created":false})");

    const Id object = api.object(picture, R"([{"type":"bbox","x":1,"y":2,"w":3,"h":4}])");
    const std::string o = at("/api/cms/db-objects", object);
    unchanged(o, R"({"selections":[{"type":"bbox","x":1,"y":2,"w":3,"h":4}],"parent_id":null})");

    const Id pair = api.pair(picture, object, "question", true);
    const std::string r = at("/api/cms/db-pairs", pair);
    const Reply stored = api.get(r);
    REQUIRE(stored.status == 200);
    unchanged(
        r, json::serialize(json::object{
               {"level", stored.json.at("level")},
               {"answer_type", stored.json.at("answer_type")},
               {"statement", json::object{{"text_de", stored.json.at("statement").at("text_de")}}},
               {"question", json::object{{"text_de", stored.json.at("question").at("text_de")}}}}));
    // A word linked already: linking it again adds nothing.
    const std::string add =
        R"({"words_add":[{"word_id":)" + std::to_string(word) + R"(,"link_to":"statement"}]})";
    REQUIRE(api.patch(r, add).status == 200);
    unchanged(r, add);
}

// Stale: 412 and nothing changed; the current tag, a list naming it and `*` pass; weak never.
TEST_CASE("etag: If-Match on PATCH", "[authoring][etag]") {
    StaffApi api;
    for (const Kind& kind : kinds()) {
        INFO(kind.name);
        const Id id = kind.make(api);
        const std::string item = at(kind.bases.back(), id);
        const std::string v1 = etag(api.get(item));

        // The current version: 200 with the new one.
        const Reply current = patch_if(api, item, kind.patches[0], v1);
        INFO(text(current));
        REQUIRE(current.status == 200);
        const std::string v2 = etag(current);
        CHECK(v2 != v1);

        // The editor who read v1 is refused, on every alias, and the item stays as it is.
        const Reply before = api.get(item);
        for (const auto& alias : kind.bases)
            expect_412(patch_if(api, at(alias, id), kind.patches[1], v1));
        const Reply after = api.get(item);
        CHECK(after.json == before.json);
        CHECK(etag(after) == v2);

        // A weak tag never matches (strong comparison), even of the current version.
        expect_412(patch_if(api, item, kind.patches[1], "W/" + v2));
        CHECK(api.get(item).json == before.json);

        // A list that names the current version matches; so does `*`.
        const Reply listed =
            patch_if(api, item, kind.patches[1], "\"0000000000000000\", " + v1 + ", " + v2);
        INFO(text(listed));
        CHECK(listed.status == 200);
        // The tag of the version's gzip encoding (docs/accounts.md "Compressed answers")
        // names the same version.
        const std::string v3 = etag(listed);
        const Reply zipped = call(api, "GET", item, "", {{"Accept-Encoding", "gzip"}});
        REQUIRE(zipped.status == 200);
        if (zipped.header("content-encoding") == "gzip")
            CHECK(zipped.header("etag") == v3.substr(0, v3.size() - 1) + "-gzip\"");
        const Reply by_zipped_tag =
            patch_if(api, item, kind.patches[0], v3.substr(0, v3.size() - 1) + "-gzip\"");
        INFO(text(by_zipped_tag));
        CHECK(by_zipped_tag.status == 200);
        expect_412(patch_if(api, item, kind.patches[1], v1.substr(0, v1.size() - 1) + "-gzip\""));
        const Reply any = patch_if(api, item, kind.patches[2], "*");
        INFO(text(any));
        CHECK(any.status == 200);
        CHECK(etag(any) != etag(by_zipped_tag));
        // 404 wins over the condition.
        const std::string missing = at(kind.bases[0], id + 100000);
        CHECK(patch_if(api, missing, kind.patches[0], "*").status == 404);
        CHECK(delete_if(api, missing, v1).status == 404);
    }
}

TEST_CASE("etag: If-Match on DELETE: stale 412, the item stays", "[authoring][etag]") {
    StaffApi api;
    for (const Kind& kind : kinds()) {
        INFO(kind.name);
        const Id id = kind.make(api);
        const std::string item = at(kind.bases[0], id);
        const std::string v1 = etag(api.get(item));
        REQUIRE(api.patch(item, kind.patches[0]).status == 200);

        for (const auto& alias : kind.bases) expect_412(delete_if(api, at(alias, id), v1));
        for (const auto& alias : kind.delete_aliases) expect_412(delete_if(api, at(alias, id), v1));
        CHECK(api.get(item).status == 200);
        expect_412(delete_if(api, item, "W/" + etag(api.get(item))));
        CHECK(api.get(item).status == 200);

        const Reply deleted = delete_if(api, item, etag(api.get(item)));
        INFO(text(deleted));
        CHECK(deleted.status == 204);
        CHECK(api.get(item).status == 404);
    }
    // `*` deletes whatever version there is.
    const Id statement = kinds()[3].make(api);
    CHECK(delete_if(api, at("/api/cms/db-statements", statement), "*").status == 204);
}

TEST_CASE("etag: a pair's ETag moves when its statement or a linked word changes elsewhere",
          "[authoring][etag]") {
    StaffApi api;
    const Id pair = api.pair(api.picture());
    const std::string item = at("/api/cms/db-pairs", pair);
    const Reply first = api.get(item);
    const std::string v1 = etag(first);
    const Id statement = first.json.at("statement").at("id").as_int64();

    REQUIRE(
        api.patch(at("/api/cms/db-statements", statement), R"({"text_en":"A big dog."})").status ==
        200);
    const std::string v2 = etag(api.get(item));
    CHECK(v2 != v1);
    expect_412(patch_if(api, item, R"({"level":9})", v1));

    const Id word = api.word("Hund", 2);
    REQUIRE(api.patch(item, R"({"words_add":[{"word_id":)" + std::to_string(word) +
                                R"(,"link_to":"statement"}]})")
                .status == 200);
    const std::string v3 = etag(api.get(item));
    REQUIRE(api.patch(at("/api/cms/db-words", word), R"({"title_de":"Hündchen"})").status == 200);
    CHECK(etag(api.get(item)) != v3);
}

TEST_CASE("etag: concurrent PATCHes with one If-Match: exactly one succeeds",
          "[authoring][etag][concurrency]") {
    StaffApi api;
    const Id id =
        api.post("/api/cms/db-statements", R"({"text_de":"Start."})").json.at("id").as_int64();
    const std::string item = at("/api/cms/db-statements", id);
    constexpr int kThreads = 8, kRounds = 6;
    for (int round = 0; round < kRounds; ++round) {
        INFO("round " << round);
        const std::string version = etag(api.get(item));
        std::atomic<int> ready{0}, ok{0}, refused{0}, other{0};
        std::vector<std::string> bodies(kThreads);
        std::vector<std::thread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
                HttpClient client(api.port(), RecordTo::none);
                ++ready;
                while (ready.load() < kThreads) std::this_thread::yield();
                const Reply r = client.call(
                    "PATCH", item,
                    R"({"text_en":"round )" + std::to_string(round) + " thread " +
                        std::to_string(t) + R"("})",
                    {{"Authorization", std::string("Bearer ") + kDevToken}, {"If-Match", version}});
                if (r.status == 200) {
                    ++ok;
                    bodies[static_cast<std::size_t>(t)] = str(r.json, "text_en");
                } else if (r.status == 412 && r.error() == kChanged) {
                    ++refused;
                } else {
                    ++other;
                }
            });
        }
        for (auto& t : threads) t.join();
        CHECK(ok == 1);
        CHECK(refused == kThreads - 1);
        CHECK(other == 0);
        // What is stored is the winner's text.
        std::string winner;
        for (const auto& b : bodies) winner += b;
        CHECK(str(api.get(item).json, "text_en") == winner);
    }
}

TEST_CASE("etag: browsers on another origin may send If-Match and read ETag", "[authoring][etag]") {
    StaffApiOptions options;
    options.cors_origins = {"http://studio.example"};
    StaffApi api(options);
    HttpClient browser(api.port(), RecordTo::none);  // OPTIONS is no documented operation
    const Reply preflight =
        browser.call("OPTIONS", "/api/cms/db-statements/1", "",
                     {{"Origin", "http://studio.example"},
                      {"Access-Control-Request-Method", "PATCH"},
                      {"Access-Control-Request-Headers", "if-match, content-type"}});
    CHECK(preflight.status == 204);
    CHECK(preflight.header("access-control-allow-headers").find("If-Match") != std::string::npos);

    const Id id = kinds()[3].make(api);
    const Reply read = call(api, "GET", at("/api/cms/db-statements", id), "",
                            {{"Origin", "http://studio.example"}});
    CHECK(read.status == 200);
    CHECK(read.header("access-control-allow-origin") == "http://studio.example");
    CHECK(read.header("access-control-expose-headers").find("ETag") != std::string::npos);
}
