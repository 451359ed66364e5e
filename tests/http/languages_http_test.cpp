// The learner API in the learner's language (docs/accounts.md "Languages of messages and
// labels"): Accept-Language picks de, en or sv for error messages, the statistics' skill labels
// (with a neutral key) and language titles; without it the seed's words stay. The reset mail's
// language is tested in password_http_test.cpp.
#include <string>

#include "core/domain/time_format.hpp"
#include "tests/http/support/api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

Reply in_language(HttpClient& client, const std::string& method, const std::string& target,
                  const std::string& token, const std::string& accept_language,
                  const std::string& body = {}) {
    std::map<std::string, std::string> headers{{"Accept-Language", accept_language}};
    if (!token.empty()) headers["Authorization"] = "Bearer " + token;
    if (!body.empty()) headers["Content-Type"] = "application/json";
    return client.call(method, target, body, headers);
}

std::string code(const Reply& r) {
    return std::string(r.json.at("code").as_string());
}

}  // namespace

TEST_CASE("Accept-Language: error messages in the asked language; the default without one",
          "[http][languages]") {
    Api api;
    HttpClient& c = api.client;

    // No token: the seed's message without a language, the asked one with it.
    const Reply plain = c.get("/auth/me");
    CHECK(plain.status == 401);
    CHECK(plain.error() == "Unauthorized");
    CHECK(plain.header("content-language").empty());
    const Reply sv = in_language(c, "GET", "/auth/me", "", "sv-SE, en;q=0.5");
    CHECK(sv.status == 401);
    CHECK(sv.error() == "Inte inloggad");
    CHECK(code(sv) == "token_missing");  // the code an app switches on stays
    CHECK(sv.header("www-authenticate") == "Bearer");
    CHECK(sv.header("content-language") == "sv");

    // The weights decide; q=0 refuses; another language alone chooses nothing.
    CHECK(in_language(c, "GET", "/auth/me", "", "fr, de;q=0.2, sv;q=0.1").error() ==
          "Nicht angemeldet");
    CHECK(in_language(c, "GET", "/auth/me", "", "sv;q=0, EN-gb").error() == "Unauthorized");
    const Reply french = in_language(c, "GET", "/auth/me", "", "fr-FR, *;q=0.5");
    CHECK(french.error() == "Unauthorized");
    CHECK(french.header("content-language").empty());
    CHECK(in_language(c, "GET", "/auth/me", "", "de;q=abc, sv").error() == "Inte inloggad");

    // The seed's German message becomes English only when English is asked for.
    const std::string token = api.register_user("ada@example.com");
    const std::string progress =
        R"({"pair_id":)" + std::to_string(api.pair()) + R"(,"correct":true,"points":10})";
    const Reply no_profile = c.post("/auth/progress", progress, token);
    CHECK(no_profile.status == 409);
    CHECK(no_profile.error() == "Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.");
    const Reply english = in_language(c, "POST", "/auth/progress", token, "en", progress);
    CHECK(english.status == 409);
    CHECK(english.error() == "No profile yet. Please create a profile first.");
    CHECK(code(english) == "profile_missing");
    CHECK(in_language(c, "PUT", "/auth/goal", token, "sv", R"({"daily_goal_ep":50})").error() ==
          "Ingen profil ännu.");

    // "<field> <problem>": the field's name stays.
    const Reply limit = in_language(c, "GET", "/feed?limit=abc", token, "de");
    CHECK(limit.status == 400);
    CHECK(limit.error() == "limit muss eine ganze Zahl sein");
    CHECK(in_language(c, "GET", "/feed?after=-5", token, "sv").error() ==
          "after måste vara ett korts id (ett heltal >= 0)");

    // The HTTP layer's own answers too.
    CHECK(in_language(c, "GET", "/no/such/route", "", "sv").error() == "Hittades inte");
    const Reply method = in_language(c, "DELETE", "/auth/languages", "", "de");
    CHECK(method.status == 405);
    CHECK(method.error() == "Methode nicht erlaubt");
    CHECK_FALSE(method.header("allow").empty());
}

TEST_CASE("Accept-Language: the statistics' skills keep a neutral key beside the asked label",
          "[http][languages]") {
    Api api;
    HttpClient& c = api.client;
    const std::string token = api.learner();
    const Id pair = api.pair("yes_no", {1});  // category 1: Tiere (Animals, Djur)
    REQUIRE(c.post("/auth/progress",
                   R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":true,"points":10})",
                   token)
                .status == 200);

    const Reply seed = c.get("/auth/stats", token);
    REQUIRE(seed.status == 200);
    const auto& skills = seed.json.at("skills").as_array();
    REQUIRE(skills.size() == 3);
    CHECK(skills[0].at("key") == "vocabulary");
    CHECK(skills[0].at("label") == "Vokabular");
    CHECK(skills[1].at("key") == "reading");
    CHECK(skills[1].at("label") == "Lesen");
    CHECK(skills[2].at("key") == "comprehension");
    CHECK(skills[2].at("label") == "Verständnis");
    CHECK(skills[2].at("seen") == 1);
    REQUIRE(seed.json.at("categories").as_array().size() == 1);
    CHECK(seed.json.at("categories").at(0).at("label") == "Tiere");
    CHECK(seed.header("vary").find("Accept-Language") != std::string::npos);
    CHECK(seed.header("content-language").empty());

    const Reply en = in_language(c, "GET", "/auth/stats", token, "en-US,en;q=0.9");
    REQUIRE(en.status == 200);
    const auto& en_skills = en.json.at("skills").as_array();
    CHECK(en_skills[0].at("label") == "Vocabulary");
    CHECK(en_skills[1].at("label") == "Reading");
    CHECK(en_skills[2].at("label") == "Comprehension");
    CHECK(en_skills[2].at("key") == "comprehension");
    CHECK(en_skills[2].at("seen") == 1);
    CHECK(en.json.at("categories").at(0).at("label") == "Animals");
    CHECK(en.json.at("categories").at(0).at("id") == 1);  // the neutral key
    CHECK(en.header("content-language") == "en");
    CHECK(en.header("vary").find("Accept-Language") != std::string::npos);

    const Reply sv = in_language(c, "GET", "/auth/stats", token, "sv");
    CHECK(sv.json.at("skills").as_array()[0].at("label") == "Ordförråd");
    CHECK(sv.json.at("skills").as_array()[2].at("label") == "Förståelse");
    CHECK(sv.json.at("categories").at(0).at("label") == "Djur");

    // Other words, another tag: a copy in one language never revalidates another.
    CHECK(en.header("etag") != seed.header("etag"));
    CHECK(en.header("etag") != sv.header("etag"));
    const Reply same = c.call("GET", "/auth/stats", "",
                              {{"Authorization", "Bearer " + token},
                               {"Accept-Language", "en"},
                               {"If-None-Match", en.header("etag")}});
    CHECK(same.status == 304);
    CHECK(same.header("vary").find("Accept-Language") != std::string::npos);
    const Reply other = c.call("GET", "/auth/stats", "",
                               {{"Authorization", "Bearer " + token},
                                {"Accept-Language", "sv"},
                                {"If-None-Match", en.header("etag")}});
    CHECK(other.status == 200);
}

TEST_CASE("Accept-Language: language titles in GET /auth/me", "[http][languages]") {
    Api api;
    HttpClient& c = api.client;
    const std::string token = api.learner();  // native de, target sv

    const Reply seed = c.get("/auth/me", token);
    REQUIRE(seed.status == 200);
    CHECK(seed.json.at("language_native_titel") == "Deutsch");
    CHECK(seed.json.at("language_target_titel") == "Schwedisch");
    CHECK(seed.header("vary").find("Accept-Language") != std::string::npos);

    const Reply en = in_language(c, "GET", "/auth/me", token, "en");
    CHECK(en.json.at("language_native_titel") == "German");
    CHECK(en.json.at("language_target_titel") == "Swedish");
    CHECK(en.json.at("language_native_short") == "de");  // the codes stay
    CHECK(en.header("content-language") == "en");

    const Reply sv = in_language(c, "GET", "/auth/me", token, "sv");
    CHECK(sv.json.at("language_native_titel") == "Tyska");
    CHECK(sv.json.at("language_target_titel") == "Svenska");
}

TEST_CASE("Accept-Language: the offline batch's refused items in the asked language",
          "[http][languages]") {
    Api api;
    HttpClient& c = api.client;
    api.server.clock.set(*parse_timestamp("2026-11-22T10:00:00.000Z"));
    const std::string token = api.learner();
    const std::string pair = std::to_string(api.pair());
    api.server.clock.set(*parse_timestamp("2026-11-22T11:00:00.000Z"));
    const std::string at = R"(,"answered_at":"2026-11-22T10:30:00.000Z")";
    const std::string body =
        R"({"items":[{"pair_id":)" + pair + R"(,"correct":true,"points":10,"client_id":"a")" + at +
        "}," + R"({"correct":true,"points":10,"client_id":"b")" + at + "}," +
        R"({"pair_id":999999,"correct":true,"points":10,"client_id":"c")" + at + "}]}";
    const Reply r = in_language(c, "POST", "/auth/progress/batch", token, "de", body);
    REQUIRE(r.status == 200);
    const auto& results = r.json.at("results").as_array();
    REQUIRE(results.size() == 3);
    CHECK(results[0].at("status") == 200);
    CHECK(results[1].at("status") == 400);
    CHECK(results[1].at("message") == "pair_id ist erforderlich");
    CHECK(results[1].at("code") == "pair_id_required");
    CHECK(results[2].at("status") == 404);
    CHECK(results[2].at("message") == "Karte nicht gefunden");
    CHECK(results[2].at("code") == "pair_not_found");

    // Without a language: the default messages.
    const std::string again =
        R"({"items":[{"correct":true,"points":10,"client_id":"d")" + at + "}]}";
    const Reply plain = c.post("/auth/progress/batch", again, token);
    CHECK(plain.json.at("results").as_array()[0].at("message") == "pair_id is required");
}

TEST_CASE("Accept-Language: the headers say what the words depend on", "[http][languages]") {
    Api api;
    HttpClient& c = api.client;
    auto varies = [](const Reply& r) {
        return r.header("vary").find("Accept-Language") != std::string::npos;
    };
    // An error the catalogue holds varies by language, asked for or not; a cache must not hand
    // one language's 404 to another.
    const Reply plain = c.get("/no/such/route");
    CHECK(plain.status == 404);
    CHECK(varies(plain));
    CHECK(plain.header("content-language").empty());
    const Reply english = in_language(c, "GET", "/no/such/route", "", "EN-gb");
    CHECK(english.error() == "Not found");
    CHECK(english.header("content-language") == "en");  // chosen, though the words are the same
    CHECK(varies(english));
    // A refused language stays refused whatever region another range names; the underscore
    // form some stacks send counts as the hyphen.
    const Reply refused = in_language(c, "GET", "/no/such/route", "", "de-CH, de;q=0, sv;q=0.5");
    CHECK(refused.error() == "Hittades inte");
    CHECK(in_language(c, "GET", "/no/such/route", "", "de-CH, de;q=0")
              .header("content-language")
              .empty());
    CHECK(in_language(c, "GET", "/no/such/route", "", "sv_SE").error() == "Hittades inte");
    // Of equal weights the first listed.
    CHECK(in_language(c, "GET", "/no/such/route", "", "sv, de").error() == "Hittades inte");
    CHECK(in_language(c, "GET", "/no/such/route", "", "de;q=0.5, sv;q=0.5").error() ==
          "Nicht gefunden");

    // A 304 carries no Content-Language (it stands for a representation the client has).
    const std::string token = api.learner();
    const Reply stats = in_language(c, "GET", "/auth/stats", token, "sv");
    REQUIRE(stats.status == 200);
    const Reply same = c.call("GET", "/auth/stats", "",
                              {{"Authorization", "Bearer " + token},
                               {"Accept-Language", "sv"},
                               {"If-None-Match", stats.header("etag")}});
    CHECK(same.status == 304);
    CHECK(same.header("content-language").empty());
    CHECK(varies(same));

    // The offline batch says the language of its refused items.
    const Reply batch =
        in_language(c, "POST", "/auth/progress/batch", token, "sv", R"({"items":[]})");
    CHECK(batch.status == 200);
    CHECK(batch.header("content-language") == "sv");
    CHECK(varies(batch));
}
