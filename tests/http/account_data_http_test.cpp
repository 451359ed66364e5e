// DELETE /auth/me and GET /auth/me/export over real sockets on SQLite and PostgreSQL
// (docs/accounts.md "Deleting an account and exporting its data"). Which rows the deletion
// removes, table by table: tests/contract/learner_data_contract.cpp.
#include <thread>

#include <soci/soci.h>

#include "adapters/persistence/database.hpp"
#include "adapters/persistence/dialect_sql.hpp"
#include "core/domain/time_format.hpp"
#include "tests/http/support/api.hpp"
#include "tests/support/recording_mailer.hpp"

using namespace ll;
using namespace ll::test;

namespace {

namespace json = boost::json;

Reply delete_me(HttpClient& c, const std::string& token, const std::string& body) {
    return c.call("DELETE", "/auth/me", body,
                  {{"Authorization", "Bearer " + token}, {"Content-Type", "application/json"}});
}

// 25 EP on `pair` (first_steps unlocks at 20), with an Idempotency-Key when one is given.
void book(Api& api, const std::string& token, Id pair, const std::string& key = {}) {
    std::map<std::string, std::string> headers{{"Authorization", "Bearer " + token},
                                               {"Content-Type", "application/json"}};
    if (!key.empty()) headers["Idempotency-Key"] = key;
    const Reply r = api.client.call(
        "POST", "/auth/progress",
        R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":true,"points":25})", headers);
    REQUIRE(r.status == 200);
}

Id my_id(Api& api, const std::string& token) {
    return api.client.get("/auth/me", token).json.at("id").as_int64();
}

// The learner's rows of `table` as the database holds them, oldest first: the `columns` joined
// by '|', instants (columns named *_at) as the API writes them, NULL as "null".
std::vector<std::string> stored_rows(TestDatabase& db, Id user, const std::string& table,
                                     const std::vector<std::string>& columns) {
    sql::Database raw(sql::parse_database_url(db.url()), 1);
    const sql::DialectSql d{raw.dialect()};
    std::string joined;
    for (const auto& column : columns) {
        if (!joined.empty()) joined += " || '|' || ";
        joined += "COALESCE(" + (column.ends_with("_at") ? d.ts_out(column) : column) + ", 'null')";
    }
    return raw.read([&](soci::session& s) {
        long long key = user;
        std::vector<std::string> out;
        soci::rowset<std::string> rows =
            (s.prepare << "SELECT " + joined + " FROM " + table +
                              " WHERE user_id = :u ORDER BY created_at",
             soci::use(key));
        for (const auto& row : rows) out.push_back(row);
        return out;
    });
}

// An export list's items the same way: `fields` joined by '|', null as "null".
std::vector<std::string> exported_rows(const json::value& list,
                                       const std::vector<std::string>& fields) {
    std::vector<std::string> out;
    for (const auto& item : list.as_array()) {
        std::string row;
        for (const auto& field : fields) {
            if (!row.empty()) row += '|';
            const auto& v = item.at(field);
            row += v.is_null() ? "null" : std::string(v.as_string());
        }
        out.push_back(row);
    }
    return out;
}

}  // namespace

TEST_CASE("DELETE /auth/me: a missing or wrong password is 401 and nothing changes",
          "[http][delete]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner("ada@example.com", "ada");
    book(api, token, api.pair());
    for (const char* body : {R"({"password":"wrong-password"})", R"({})", R"({"password":""})",
                             R"({"password":12345678})", R"({"password":null})"}) {
        INFO(body);
        const Reply r = delete_me(c, token, body);
        CHECK(r.status == 401);
        CHECK(r.error() == "Invalid credentials");
    }
    const Reply garbage = delete_me(c, token, "password1");
    CHECK(garbage.status == 400);
    CHECK(garbage.error() == "Invalid JSON body");
    const Reply anonymous = c.call("DELETE", "/auth/me", R"({"password":"password1"})");
    CHECK(anonymous.status == 401);
    CHECK(anonymous.error() == "Unauthorized");

    const Reply me = c.get("/auth/me", token);
    REQUIRE(me.status == 200);
    CHECK(me.json.at("username") == "ada");
    CHECK(me.json.at("total_ep") == 25);
    const auto records = api.server.storage().learner_data().read_all(my_id(api, token));
    REQUIRE(records);
    CHECK(records->progress.size() == 1);
    CHECK(records->achievements.size() == 1);
    CHECK(c.post("/auth/login", R"({"email":"ada@example.com","password":"password1"})").status ==
          200);
}

TEST_CASE("DELETE /auth/me: 204; the old token, the login are refused; e-mail and name are free",
          "[http][delete]") {
    Api api;
    auto& c = api.client;
    const std::string ada = api.learner("ada@example.com", "Ada");
    const std::string bob = api.learner("bob@example.com", "bob");
    const Id pair = api.pair();
    book(api, ada, pair, "key-1");
    book(api, bob, pair, "key-1");
    const Id ada_id = my_id(api, ada);

    const Reply gone = delete_me(c, ada, R"({"password":"password1"})");
    CHECK(gone.status == 204);
    CHECK(gone.body.empty());
    CHECK_FALSE(api.server.storage().learner_data().read_all(ada_id));

    // The old token: every route answers what the spec says of an unknown user or of a learner
    // without a profile, and changes nothing ...
    const Reply me = c.get("/auth/me", ada);
    CHECK(me.status == 404);
    CHECK(me.error() == "User not found");
    CHECK(c.get("/auth/me/export", ada).status == 404);
    CHECK(delete_me(c, ada, R"({"password":"password1"})").error() == "User not found");
    const Reply profile =
        c.post("/auth/profile", R"({"username":"ghost","nativeLang":1,"targetLang":3})", ada);
    CHECK(profile.status == 404);
    CHECK(profile.error() == "User not found");
    const Reply progress = c.post(
        "/auth/progress", R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":true})", ada);
    CHECK(progress.status == 409);  // no profile
    // With a key (a retry-safe booking, every batch item has one): 409 too, nothing kept for
    // the gone account (a kept record would reference no account).
    const Reply keyed = c.call("POST", "/auth/progress",
                               R"({"pair_id":)" + std::to_string(pair) + R"(,"correct":true})",
                               {{"Authorization", "Bearer " + ada},
                                {"Content-Type", "application/json"},
                                {"Idempotency-Key", "after-delete"}});
    CHECK(keyed.status == 409);
    CHECK(keyed.error() == "Kein Profil vorhanden. Bitte zuerst ein Profil anlegen.");
    const Reply batch = c.post("/auth/progress/batch",
                               R"({"items":[{"client_id":"c1","pair_id":)" + std::to_string(pair) +
                                   R"(,"correct":true,"answered_at":")" +
                                   format_timestamp(api.server.clock.now()) + R"("}]})",
                               ada);
    REQUIRE(batch.status == 200);
    CHECK(batch.json.at("results").as_array()[0].at("status") == 409);
    CHECK_FALSE(api.server.storage().learner_data().read_all(ada_id));
    // ... and once the account's standing is read again (ACCOUNT_RECHECK_SECONDS, 30 here) the
    // token is refused before any route runs.
    api.server.clock.advance(std::chrono::seconds(31));
    for (const char* path : {"/auth/stats", "/auth/achievements", "/auth/me", "/feed"}) {
        INFO(path);
        const Reply r = c.get(path, ada);
        CHECK(r.status == 404);
        CHECK(r.error() == "User not found");
    }

    const Reply login =
        c.post("/auth/login", R"({"email":"ada@example.com","password":"password1"})");
    CHECK(login.status == 401);
    CHECK(login.error() == "Invalid credentials");
    // The e-mail and the username are free again; the new account has a new id.
    const std::string again = api.learner("ada@example.com", "ADA");
    CHECK(my_id(api, again) > ada_id);
    CHECK(c.get("/auth/me", again).json.at("total_ep") == 0);
    // The other learner is untouched.
    const Reply bobs = c.get("/auth/me", bob);
    CHECK(bobs.json.at("total_ep") == 25);
    CHECK(bobs.json.at("username") == "bob");
}

TEST_CASE("DELETE /auth/me: a staff account is refused with 403", "[http][delete]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.register_user("ed@example.com");
    REQUIRE(api.server.storage().accounts().set_role("ed@example.com", "editor"));
    const Reply r = delete_me(c, token, R"({"password":"password1"})");
    CHECK(r.status == 403);
    CHECK(r.error() == "Insufficient permissions");
    CHECK(api.server.storage().accounts().find_by_email("ed@example.com"));
}

TEST_CASE("GET /auth/me/export: everything stored, as a download, never the password hash",
          "[http][export]") {
    Api api;
    auto& c = api.client;
    const std::string token = api.learner("ada@example.com", "Ada");
    backdate_accounts(*api.server.db, *parse_timestamp("2026-11-13T00:00:00.000Z"));
    const Id pair = api.pair();
    api.server.clock.set(*parse_timestamp("2026-11-22T18:00:00.000Z"));
    book(api, token, pair, "offline-42");
    REQUIRE(c.put("/auth/goal", R"({"daily_goal_ep":50})", token).status == 200);
    // One offline answer (kept under its client_id), then a zone of the learner's own.
    const Reply batch =
        c.post("/auth/progress/batch",
               R"({"items":[{"client_id":"phone-7","pair_id":)" + std::to_string(pair) +
                   R"(,"correct":false,"points":0,"answered_at":"2026-11-22T17:00:00Z"}]})",
               token);
    REQUIRE(batch.status == 200);
    REQUIRE(batch.json.at("results").as_array()[0].at("status") == 200);
    REQUIRE(c.put("/auth/timezone", R"({"timezone":"Asia/Tokyo"})", token).status == 200);

    const Reply r = c.get("/auth/me/export", token);
    REQUIRE(r.status == 200);
    CHECK(r.header("content-type").find("application/json") == 0);
    CHECK(r.header("content-disposition") == "attachment; filename=\"langlearn-export.json\"");
    CHECK(r.header("cache-control") == "no-store");
    CHECK(r.body.find("password") == std::string::npos);
    CHECK(r.body.find("$argon2") == std::string::npos);

    const auto& doc = r.json.as_object();
    CHECK(doc.size() == 14);
    CHECK(doc.at("exported_at").is_string());
    // Never changed: the defaults, and no time; the default parameters, never fitted.
    boost::json::array weights;
    for (const double w : fsrs::kDefaultParameters) weights.push_back(w);
    const boost::json::object parameters{
        {"fitted", false}, {"weights", weights}, {"reviews", nullptr}, {"fitted_at", nullptr}};
    CHECK(doc.at("learning") ==
          boost::json::value(boost::json::object{{"desired_retention", 0.9},
                                                 {"new_per_day", 20},
                                                 {"updated_at", nullptr},
                                                 {"parameters", parameters}}));
    const auto& account = doc.at("account").as_object();
    CHECK(account.at("email") == "ada@example.com");
    CHECK(account.at("role") == "end-user");
    CHECK(account.at("is_active") == true);
    CHECK(account.at("language_native_id") == 1);
    CHECK(account.at("created_at").is_string());
    const auto& profile = doc.at("profile").as_object();
    CHECK(profile.at("username") == "Ada");
    CHECK(profile.at("language_target_id") == 3);
    CHECK(profile.at("total_ep") == 25);
    CHECK(profile.at("daily_goal_ep") == 50);
    CHECK(profile.at("streak_days") == 1);
    CHECK(profile.at("timezone") == "Asia/Tokyo");
    const auto& progress = doc.at("progress").as_array();
    REQUIRE(progress.size() == 1);
    CHECK(progress[0].at("pair_id") == pair);
    CHECK(progress[0].at("seen_count") == 2);
    CHECK(progress[0].at("correct_count") == 1);
    CHECK(progress[0].at("wrong_count") == 1);
    CHECK(progress[0].at("earned_points") == 25);
    const auto& daily = doc.at("daily_activity").as_array();
    REQUIRE(daily.size() == 1);
    CHECK(daily[0].at("ep_earned") == 25);
    CHECK(daily[0].at("cards_done") == 2);
    const auto& achievements = doc.at("achievements").as_array();
    REQUIRE(achievements.size() == 1);
    CHECK(achievements[0].at("id") == "first_steps");
    const auto& keys = doc.at("idempotency_keys").as_array();
    REQUIRE(keys.size() == 1);
    CHECK(keys[0].at("key") == "offline-42");
    // The batch's client ids apart, as the app sent them (the store's prefix never shows).
    const auto& client_ids = doc.at("batch_client_ids").as_array();
    REQUIRE(client_ids.size() == 1);
    CHECK(client_ids[0].at("client_id") == "phone-7");
    CHECK(client_ids[0].at("created_at") == "2026-11-22T18:00:00.000Z");
    // The card's memory in the target language: Good at 18:00 (the first learning step, due in
    // 10 minutes), then the offline Again dated 17:00 (back to the first step, due a minute after
    // it), and the review log's two lines in booking order.
    const auto& memory = doc.at("memory").as_array();
    REQUIRE(memory.size() == 1);
    CHECK(memory[0].at("pair_id") == pair);
    CHECK(memory[0].at("language_id") == 3);
    CHECK(memory[0].at("phase") == "learning");
    CHECK(memory[0].at("reps") == 2);
    CHECK(memory[0].at("lapses") == 0);
    CHECK(memory[0].at("last_review_at") == "2026-11-22T17:00:00.000Z");
    CHECK(memory[0].at("due_at") == "2026-11-22T17:01:00.000Z");
    const auto& reviews = doc.at("reviews").as_array();
    REQUIRE(reviews.size() == 2);
    CHECK(reviews[0].at("reviewed_at") == "2026-11-22T18:00:00.000Z");
    CHECK(reviews[0].at("rating") == 3);
    CHECK(reviews[0].at("elapsed_days").is_null());
    CHECK(reviews[0].at("retrievability") == 0);
    CHECK(reviews[0].at("stability").to_number<double>() == 2.3065);
    CHECK(reviews[1].at("reviewed_at") == "2026-11-22T17:00:00.000Z");
    CHECK(reviews[1].at("rating") == 1);
    CHECK(reviews[1].at("elapsed_days") == 0);

    // Without a profile: the account, and empty lists.
    const std::string bare = api.register_user("bob@example.com");
    const Reply empty = c.get("/auth/me/export", bare);
    REQUIRE(empty.status == 200);
    CHECK(empty.json.at("profile").is_null());
    CHECK(empty.json.at("progress").as_array().empty());
    CHECK(empty.json.at("idempotency_keys").as_array().empty());
    CHECK(empty.json.at("batch_client_ids").as_array().empty());
    CHECK(empty.json.at("memory").as_array().empty());
    CHECK(empty.json.at("reviews").as_array().empty());
    CHECK(c.get("/auth/me/export").status == 401);
}

TEST_CASE("GET /auth/me/export: sessions, studio sessions and reset requests as stored",
          "[http][export]") {
    auto mailer = std::make_shared<RecordingMailer>();
    TestServer server(
        {}, {}, nullptr, {},
        http::PasswordResetMail{mailer, PasswordResetSettings{"https://app.example/reset#token=",
                                                              std::chrono::minutes(30), 3}});
    HttpClient c(server.port());
    const std::string credentials = R"({"email":"ada@example.com","password":"password1"})";
    const Reply registered = c.call("POST", "/auth/register", credentials,
                                    {{"User-Agent", "LanglearnApp/2.1 (Android 14)"}});
    REQUIRE(registered.status == 201);
    const std::string token(registered.json.at("token").as_string());
    const Id ada = registered.json.at("user").at("id").as_int64();
    server.clock.advance(std::chrono::minutes(5));
    const Reply tablet = c.call("POST", "/auth/login", credentials, {{"User-Agent", "Tablet/1.0"}});
    REQUIRE(tablet.status == 200);
    server.clock.advance(std::chrono::minutes(5));
    REQUIRE(c.post("/auth/logout",
                   R"({"refresh_token":")" +
                       std::string(tablet.json.at("refresh_token").as_string()) + R"("})",
                   std::string(tablet.json.at("token").as_string()))
                .status == 204);
    for (int i = 1; i <= 2; ++i) {
        server.clock.advance(std::chrono::minutes(1));
        REQUIRE(c.post("/auth/password-reset", R"({"email":"ada@example.com"})").status == 202);
        for (int wait = 0; wait < 500 && mailer->messages().size() < std::size_t(i); ++wait)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        REQUIRE(mailer->messages().size() == std::size_t(i));
    }
    // A studio sign-in as the store keeps one (learners have none; the list is still exported).
    server.storage().staff_sessions().create(
        StaffSession{"0123456789abcdef0123456789abcdef", ada, server.clock.now(),
                     server.clock.now() + std::chrono::hours(12), std::nullopt});

    REQUIRE(c.put("/auth/learning", R"({"new_per_day":7})", token).status == 200);
    const std::string settings_changed_at = format_timestamp(server.clock.now());

    const Reply r = c.get("/auth/me/export", token);
    REQUIRE(r.status == 200);
    const auto& doc = r.json.as_object();
    CHECK(doc.size() == 14);
    const auto& learning = doc.at("learning").as_object();
    CHECK(learning.at("desired_retention").to_number<double>() == 0.9);
    CHECK(learning.at("new_per_day") == 7);
    CHECK(learning.at("updated_at") == settings_changed_at.c_str());
    const auto sessions = exported_rows(
        doc.at("sessions"), {"device", "created_at", "last_used_at", "expires_at", "ended_at"});
    CHECK(sessions.size() == 2);
    CHECK(sessions ==
          stored_rows(*server.db, ada, "refresh_families",
                      {"device", "created_at", "last_used_at", "expires_at", "revoked_at"}));
    CHECK(sessions[0].starts_with("LanglearnApp/2.1 (Android 14)|"));
    CHECK(sessions[1].starts_with("Tablet/1.0|"));
    CHECK_FALSE(sessions[1].ends_with("|null"));  // signed out
    const auto studio =
        exported_rows(doc.at("studio_sessions"), {"created_at", "expires_at", "ended_at"});
    CHECK(studio.size() == 1);
    CHECK(studio == stored_rows(*server.db, ada, "staff_sessions",
                                {"created_at", "expires_at", "revoked_at"}));
    const auto resets =
        exported_rows(doc.at("reset_requests"), {"requested_at", "expires_at", "used_at"});
    CHECK(resets.size() == 2);
    CHECK(resets == stored_rows(*server.db, ada, "password_reset_tokens",
                                {"created_at", "expires_at", "used_at"}));
    CHECK_FALSE(resets[0].ends_with("|null"));  // superseded by the second request
    CHECK(resets[1].ends_with("|null"));
    // No secret: neither the session ids nor the reset digests appear anywhere.
    CHECK(r.body.find("0123456789abcdef0123456789abcdef") == std::string::npos);
    for (const auto& id : stored_rows(*server.db, ada, "refresh_families", {"id"}))
        CHECK(r.body.find(id) == std::string::npos);
    for (const auto& digest : stored_rows(*server.db, ada, "password_reset_tokens", {"digest"}))
        CHECK(r.body.find(digest) == std::string::npos);
}
