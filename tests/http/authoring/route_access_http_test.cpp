// Access rules of EVERY authoring route (docs/spec/authoring.md "Access",
// core/app/authenticate.cpp): no or malformed Authorization 401 Unauthorized, a token that is
// neither a development token nor a valid JWT 401 Invalid or expired token, an end-user JWT 403
// Insufficient permissions (and nothing changes), development token / editor / admin get through,
// except that the maintenance routes (admin_only below) refuse an editor with 403 Insufficient
// permissions and change nothing (docs/authoring-guide.md "Who may do what").
// Routing comes before authentication; health routes and media need no token.
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "tests/http/authoring/support/sql_probe.hpp"
#include "tests/http/authoring/support/staff_api.hpp"
#include "tests/support/content_hooks.hpp"

using namespace ll;
using namespace ll::test;

namespace {

struct RouteCase {
    const char* method;
    const char* pattern;      // as in adapters/http/authoring/routes.cpp
    const char* body;         // JSON with {P} {O} {W} {S} {Q} {R} for ids; "png": an image upload
    bool admin_only = false;  // maintenance: an admin or a development token
};

// Every (method, pattern) of adapters/http/authoring/routes.cpp, with a body that would
// succeed (or at least be read) if the token were accepted.
const std::vector<RouteCase>& routes() {
    static const std::vector<RouteCase> table{
        // pictures
        {"POST", "/api/pictures", R"({"title":"Neu","status":"new"})"},
        {"GET", "/api/pictures", ""},
        {"GET", "/pictures", ""},
        {"GET", "/api/pictures/:id", ""},
        {"GET", "/pictures/:id", ""},
        {"PATCH", "/api/pictures/:id", R"({"title":"geändert"})"},
        {"PATCH", "/pictures/:id", R"({"objects_created":true})"},
        {"PUT", "/api/pictures/:id/image", "png"},
        {"POST", "/api/pictures/:id/finish-annotation", ""},
        {"POST", "/api/pictures/:id/finish", ""},
        {"GET", "/api/cms/pictures/:id/words", ""},
        {"POST", "/api/cms/pictures/:id/words", R"({"title_de":"Baum","level":2})"},
        // objects
        {"GET", "/api/cms/objects", ""},
        {"GET", "/api/cms/db-objects", ""},
        {"POST", "/api/cms/objects", R"({"picture_id":{P},"selections":[]})"},
        {"POST", "/api/cms/db-objects", R"({"picture_id":{P},"selections":[]})"},
        {"GET", "/api/cms/objects/:id", ""},
        {"GET", "/api/cms/db-objects/:id", ""},
        {"PATCH", "/api/cms/objects/:id", R"({"user_notes":"geändert"})"},
        {"PATCH", "/api/cms/db-objects/:id", R"({"user_notes":"auch geändert"})"},
        {"POST", "/api/cms/objects/:id/review", ""},
        {"POST", "/api/cms/db-objects/:id/review", ""},
        {"POST", "/api/cms/objects/:id/publish", ""},
        {"POST", "/api/cms/db-objects/:id/publish", ""},
        {"POST", "/api/cms/objects/:id/unpublish", ""},
        {"POST", "/api/cms/db-objects/:id/unpublish", ""},
        {"GET", "/api/cms/objects/:id/words", ""},
        {"GET", "/api/cms/db-objects/:id/words", ""},
        {"GET", "/api/object/:id/words", ""},
        {"POST", "/api/cms/objects/:id/words", R"({"title_de":"Katze"})"},
        {"POST", "/api/cms/db-objects/:id/words", R"({"title_de":"Maus"})"},
        {"POST", "/api/cms/objects/:id/purge-orphans", "", true},
        {"POST", "/api/cms/db-objects/:id/purge-orphans", "", true},
        {"GET", "/api/object/:id/questions", ""},
        // words and categories
        {"GET", "/api/cms/db-words", ""},
        {"POST", "/api/cms/db-words", R"({"title_de":"Haus","level":3})"},
        {"GET", "/api/cms/db-words/:id", ""},
        {"PATCH", "/api/cms/db-words/:id", R"({"title_en":"changed"})"},
        {"POST", "/api/cms/db-words/:id/publish", ""},
        {"POST", "/api/cms/db-words/:id/unpublish", ""},
        {"GET", "/api/categories", ""},
        {"POST", "/api/categories", R"({"titel_de":"Werkzeug"})", true},
        {"PATCH", "/api/categories/:id", R"({"titel_de":"Umbenannt"})", true},
        // statements and questions
        {"GET", "/api/cms/db-statements", ""},
        {"POST", "/api/cms/db-statements", R"({"text_de":"Neu."})"},
        {"GET", "/api/cms/db-statements/:id", ""},
        {"PATCH", "/api/cms/db-statements/:id", R"({"text_de":"Geändert."})"},
        {"POST", "/api/cms/db-statements/:id/review", ""},
        {"POST", "/api/cms/db-statements/:id/publish", ""},
        {"POST", "/api/cms/db-statements/:id/unpublish", ""},
        {"GET", "/api/cms/db-questions", ""},
        {"POST", "/api/cms/db-questions", R"({"text_de":"Was?","level":2})"},
        {"GET", "/api/cms/db-questions/:id", ""},
        {"PATCH", "/api/cms/db-questions/:id", R"({"text_de":"Wer?"})"},
        {"POST", "/api/cms/db-questions/:id/review", ""},
        {"POST", "/api/cms/db-questions/:id/publish", ""},
        {"POST", "/api/cms/db-questions/:id/unpublish", ""},
        {"POST", "/api/questions/publish", R"({"ids":[{Q}]})"},
        {"GET", "/api/cms/db-questions/:id/words", ""},
        {"POST", "/api/cms/db-questions/:id/words", R"({"title_de":"Katze","role":"distractor"})"},
        // pairs
        {"GET", "/api/cms/db-pairs", ""},
        {"POST", "/api/cms/db-pairs",
         R"({"picture_id":{P},"answer_type":"word","statement":{"text_de":"Neu."}})"},
        {"GET", "/api/cms/db-pairs/:id", ""},
        {"PATCH", "/api/cms/db-pairs/:id", R"({"level":7})"},
        {"POST", "/api/cms/db-pairs/:id/review", ""},
        {"POST", "/api/cms/db-pairs/:id/publish", ""},
        {"POST", "/api/cms/db-pairs/:id/unpublish", ""},
        {"GET", "/api/cms/db-pairs/:id/preview", ""},
        {"GET", "/api/cms/db-pairs/:id/analytics", ""},
        // card analytics
        {"GET", "/api/analytics/cards", ""},
        {"POST", "/api/pipeline/publish", R"({"picture_id":{P}})"},
        // content lists
        {"GET", "/api/content/pairs", ""},
        {"POST", "/api/content/pairs/bulk", R"({"action":"review","ids":[1]})"},
        {"GET", "/api/content/words", ""},
        {"POST", "/api/content/words/bulk", R"({"action":"publish","ids":[1]})"},
        {"GET", "/api/content/statements", ""},
        {"POST", "/api/content/statements/bulk", R"({"action":"review","ids":[1]})"},
        {"GET", "/api/content/questions", ""},
        {"POST", "/api/content/questions/bulk", R"({"action":"review","ids":[1]})"},
        {"GET", "/api/content/changes", ""},
        {"GET", "/api/content/changes/:id", ""},
        {"POST", "/api/content/changes/:id/restore", ""},
        // generation
        {"POST", "/api/generate-words", R"({"object_id":{O},"count":2})"},
        {"POST", "/api/objects/:id/generate-questions", R"({"count":1})"},
        {"POST", "/api/word-suggestions", R"({"object_id":{O},"count":2})"},
        // audio
        {"POST", "/api/audios/generate-for",
         R"({"source_table":"words","source_id":{W},"source_field":"title_de","language":"de"})"},
        {"POST", "/api/audios/generate-batch", R"({"limit":1})"},
        {"GET", "/api/audios/coverage", ""},
        {"GET", "/api/audios", ""},
        // maintenance
        {"POST", "/api/purge-all-orphans", "", true},
        {"POST", "/api/cms/setup-m2m", "", true},
        // deletes last: in the passing rounds they remove what the others use
        {"DELETE", "/api/cms/pictures/:id/words/:word_id", ""},
        {"DELETE", "/api/cms/objects/:id/words/:word_id", ""},
        {"DELETE", "/api/cms/db-objects/:id/words/:word_id", ""},
        {"DELETE", "/api/cms/db-questions/:id/words/:word_id", ""},
        {"DELETE", "/api/cms/db-statements/:id/draft", ""},
        {"DELETE", "/api/cms/db-questions/:id/draft", ""},
        {"DELETE", "/api/categories/:id", "", true},
        {"DELETE", "/api/cms/db-pairs/:id", ""},
        {"DELETE", "/api/cms/db-questions/:id", ""},
        {"DELETE", "/api/question/:id", ""},
        {"DELETE", "/api/cms/db-statements/:id", ""},
        {"DELETE", "/api/cms/db-words/:id", ""},
        {"DELETE", "/api/word/:id", ""},
        {"DELETE", "/api/cms/objects/:id", ""},
        {"DELETE", "/api/cms/db-objects/:id", ""},
        {"DELETE", "/api/pictures/:id", ""},
        {"DELETE", "/pictures/:id", ""},
    };
    return table;
}

struct Ids {
    Id picture = 0, object = 0, word = 0, statement = 0, question = 0, pair = 0, category = 0;
};

void replace_all(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size())
        s.replace(at, from.size(), to);
}

// The id the `:id` of a pattern stands for, by the pattern's prefix.
Id id_for(const std::string& pattern, const Ids& ids) {
    const auto starts = [&](const char* prefix) { return pattern.rfind(prefix, 0) == 0; };
    if (starts("/api/pictures/") || starts("/pictures/") || starts("/api/cms/pictures/"))
        return ids.picture;
    if (starts("/api/cms/objects/") || starts("/api/cms/db-objects/") || starts("/api/object/") ||
        starts("/api/objects/"))
        return ids.object;
    if (starts("/api/cms/db-words/") || starts("/api/word/")) return ids.word;
    if (starts("/api/cms/db-statements/")) return ids.statement;
    if (starts("/api/cms/db-questions/") || starts("/api/question/")) return ids.question;
    if (starts("/api/cms/db-pairs/")) return ids.pair;
    if (starts("/api/categories/")) return ids.category;
    if (starts("/api/content/changes/")) return 1;  // the first change: make_content's picture
    FAIL("no sample id for " << pattern);
    return 0;
}

std::string sample_path(const RouteCase& route, const Ids& ids) {
    std::string path = route.pattern;
    if (path.find(":id") != std::string::npos)
        replace_all(path, ":id", std::to_string(id_for(route.pattern, ids)));
    replace_all(path, ":word_id", std::to_string(ids.word));  // a link's word
    return path;
}

std::string sample_body(const RouteCase& route, const Ids& ids) {
    if (std::string(route.body) == "png") return solid_png(20, 10);
    std::string body = route.body;
    replace_all(body, "{P}", std::to_string(ids.picture));
    replace_all(body, "{O}", std::to_string(ids.object));
    replace_all(body, "{W}", std::to_string(ids.word));
    replace_all(body, "{S}", std::to_string(ids.statement));
    replace_all(body, "{Q}", std::to_string(ids.question));
    replace_all(body, "{R}", std::to_string(ids.pair));
    return body;
}

Reply call(StaffApi& api, const RouteCase& route, const Ids& ids,
           const std::optional<std::string>& authorization) {
    std::map<std::string, std::string> headers;
    if (authorization) headers["Authorization"] = *authorization;
    if (std::string(route.body) == "png") headers["Content-Type"] = "image/png";
    return api.client->call(route.method, sample_path(route, ids), sample_body(route, ids),
                            headers);
}

// Picture, object with a label word, a word, a pair with statement and question, a category.
Ids make_content(StaffApi& api) {
    Ids ids;
    ids.category = api.category("Zum Testen");
    ids.picture = api.picture(64, 48);
    ids.object = api.object(ids.picture, R"([{"type":"bbox","x":1,"y":1,"w":10,"h":10}])");
    api.label(ids.object, "Hund", "dog", "hund");
    ids.word = api.word("Katze", 2);
    ids.pair = api.pair(ids.picture, ids.object, "question", true);
    const Reply pair = api.get("/api/cms/db-pairs/" + std::to_string(ids.pair));
    REQUIRE(pair.status == 200);
    ids.statement = pair.json.at("statement").at("id").as_int64();
    ids.question = pair.json.at("question").at("id").as_int64();
    return ids;
}

// Everything a request could have changed: every list, every table's row count, the media.
std::string snapshot(StaffApi& api, const Ids& ids) {
    std::ostringstream out;
    for (const std::string target :
         {"/api/pictures?limit=200", "/api/cms/db-objects?limit=200", "/api/cms/db-words?limit=200",
          "/api/categories", "/api/cms/db-statements?limit=200", "/api/cms/db-questions?limit=200",
          "/api/cms/db-pairs?limit=200", "/api/audios/coverage"}) {
        out << target << " " << api.get(target).body << "\n";
    }
    out << api.get("/api/cms/pictures/" + std::to_string(ids.picture) + "/words").body << "\n";
    out << api.get("/api/cms/db-objects/" + std::to_string(ids.object) + "/words").body << "\n";
    for (const char* table :
         {"pictures", "objects", "words", "categories", "statements", "questions", "pairs",
          "audios", "word_categories", "picture_words", "object_words", "question_words",
          "statement_words", "pair_categories"}) {
        out << table << "=" << rows_of(*api.db, table) << "\n";
    }
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& f : std::filesystem::directory_iterator(api.media_dir))
        ++files;
    out << "media files=" << files << "\n";
    return out.str();
}

std::string expired_token(StaffApi& api) {
    // Issued 8 days ago with the server's secret: the 7-day lifetime is over.
    return api.tokens.issue(TokenClaims{9001, "staff@example.com", "admin", "de", {}},
                            api.clock.now() - std::chrono::hours(24 * 8));
}

std::string foreign_token(StaffApi& api) {
    JwtTokenService other{"another-secret-0123456789abcdefghijklmn", 7 * 24 * 3600};
    return other.issue(TokenClaims{9001, "staff@example.com", "admin", "de", {}}, api.clock.now());
}

}  // namespace

TEST_CASE("authoring access: the route table covers every route of adapters/http/authoring",
          "[authoring][access]") {
    // The sources of the route table (one file per resource), found from this file's path
    // (tests/http/authoring/).
    const std::filesystem::path here(__FILE__);
    const auto sources =
        here.parent_path().parent_path().parent_path().parent_path() / "adapters/http/authoring";
    std::string code;
    for (const auto& entry : std::filesystem::directory_iterator(sources)) {
        if (entry.path().extension() != ".cpp") continue;
        std::ifstream in(entry.path());
        REQUIRE(in.good());
        std::stringstream text;
        text << in.rdbuf();
        code += text.str();
    }
    std::set<std::string> in_code;
    const std::regex literal(R"re("(/(?:api|pictures)[^"]*)")re");
    for (auto it = std::sregex_iterator(code.begin(), code.end(), literal);
         it != std::sregex_iterator(); ++it)
        in_code.insert((*it)[1].str());
    REQUIRE(in_code.size() > 30);
    std::set<std::string> in_table;
    for (const auto& r : routes()) in_table.insert(r.pattern);
    // The studio's sign-in takes a password, not a token, and GET/DELETE answer only a session
    // cookie: session_http_test.cpp holds /api/session to its own rules.
    in_code.erase("/api/session");
    for (const auto& pattern : in_code) {
        // Review bases appear alone and with /review, /publish, /unpublish in the table.
        INFO(pattern);
        CHECK(in_table.count(pattern) == 1);
    }
    // And nothing twice.
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& r : routes()) {
        INFO(r.method << " " << r.pattern);
        CHECK(seen.emplace(r.method, r.pattern).second);
    }
    CHECK(routes().size() == seen.size());
}

TEST_CASE("authoring access: every route refuses missing, malformed, bad and end-user tokens",
          "[authoring][access]") {
    StaffApi api;
    const Ids ids = make_content(api);
    const std::string before = snapshot(api, ids);

    const std::string dev = kDevToken;
    struct Refusal {
        std::string name;
        std::optional<std::string> authorization;
        int status;
        std::string error;
    };
    const std::vector<Refusal> refusals{
        {"no Authorization", std::nullopt, 401, "Unauthorized"},
        {"empty Authorization", std::string(""), 401, "Unauthorized"},
        {"Bearer without token", std::string("Bearer"), 401, "Unauthorized"},
        {"Bearer and a space only", std::string("Bearer "), 401, "Unauthorized"},
        {"Basic scheme", std::string("Basic ZWRpdG9yOnNlY3JldA=="), 401, "Unauthorized"},
        {"Token scheme with the dev token", "Token " + dev, 401, "Unauthorized"},
        {"lower-case bearer with the dev token", "bearer " + dev, 401, "Unauthorized"},
        {"dev token without a scheme", dev, 401, "Unauthorized"},
        {"garbage token", std::string("Bearer garbage"), 401, "Invalid or expired token"},
        {"three dots", std::string("Bearer a.b.c"), 401, "Invalid or expired token"},
        {"expired admin JWT", "Bearer " + expired_token(api), 401, "Invalid or expired token"},
        {"admin JWT of another secret", "Bearer " + foreign_token(api), 401,
         "Invalid or expired token"},
        {"dev token plus one character", "Bearer " + dev + "1", 401, "Invalid or expired token"},
        {"dev token minus one character", "Bearer " + dev.substr(0, dev.size() - 1), 401,
         "Invalid or expired token"},
        {"dev token with its last character changed",
         "Bearer " + dev.substr(0, dev.size() - 1) + (dev.back() == '1' ? "2" : "1"), 401,
         "Invalid or expired token"},
        {"dev token in upper case", "Bearer DEV-TOKEN-FOR-HTTP-TESTS-0000000001", 401,
         "Invalid or expired token"},
        {"end-user JWT", "Bearer " + api.end_user_token(), 403, "Insufficient permissions"},
    };
    for (const auto& route : routes()) {
        for (const auto& refusal : refusals) {
            const Reply r = call(api, route, ids, refusal.authorization);
            INFO(route.method << " " << sample_path(route, ids) << " with " << refusal.name << ": "
                              << text(r));
            CHECK(r.status == refusal.status);
            CHECK(r.error() == refusal.error);
        }
    }
    // Not one of those requests changed anything.
    CHECK(snapshot(api, ids) == before);
}

TEST_CASE("authoring access: development token, editor and admin JWTs reach every route",
          "[authoring][access]") {
    StaffApi api;
    const Ids ids = make_content(api);
    const std::vector<std::pair<std::string, std::string>> tokens{
        {"development token", kDevToken},
        {"editor JWT", api.staff_token("editor")},
        {"admin JWT", api.staff_token("admin", 3)},
    };
    for (const auto& [name, token] : tokens) {
        for (const auto& route : routes()) {
            const Reply r = call(api, route, ids, "Bearer " + token);
            INFO(route.method << " " << sample_path(route, ids) << " with " << name << ": "
                              << text(r));
            if (route.admin_only && name == "editor JWT") {
                CHECK(r.status == 403);
                CHECK(r.error() == "Insufficient permissions");
                continue;
            }
            CHECK(r.status != 401);
            CHECK(r.status != 403);
            CHECK(r.status != 405);
            CHECK(r.status < 500);
        }
    }
}

TEST_CASE("authoring access: an editor gets 403 on every maintenance route, nothing changes",
          "[authoring][access][admin]") {
    StaffApi api;
    const Ids ids = make_content(api);
    // An orphan for the purges to find: a picture word whose word row went (legacy data).
    const Reply linked = api.post("/api/cms/pictures/" + std::to_string(ids.picture) + "/words",
                                  R"({"title_de":"Verwaist","level":1})");
    REQUIRE(linked.status == 201);
    Id orphan = 0;
    for (const auto& w : linked.json.as_array()) {
        if (w.at("title_de").as_string() == "Verwaist") orphan = w.at("id").as_int64();
    }
    REQUIRE(orphan > 0);
    erase_row_unchecked(*api.db, "words", orphan);
    const auto orphans = [&] { return rows_where(*api.db, "picture_words", "word_id", orphan); };
    REQUIRE(orphans() == 1);
    const std::string before = snapshot(api, ids);
    const std::string editor = "Bearer " + api.staff_token("editor");
    int admin_routes = 0;
    for (const auto& route : routes()) {
        if (!route.admin_only) continue;
        ++admin_routes;
        const Reply r = call(api, route, ids, editor);
        INFO(route.method << " " << sample_path(route, ids) << ": " << text(r));
        CHECK(r.status == 403);
        CHECK(r.error() == "Insufficient permissions");
    }
    CHECK(admin_routes == 7);
    // The category is still there under its name, the orphan still there to purge.
    CHECK(snapshot(api, ids) == before);
    CHECK(orphans() == 1);
    CHECK(rows_where(*api.db, "categories", "id", ids.category) == 1);
    // An admin's purge removes it.
    const Reply purge = api.post("/api/purge-all-orphans", "", api.staff_token("admin"));
    INFO(text(purge));
    CHECK(purge.status == 200);
    CHECK(orphans() == 0);
}

TEST_CASE("authoring access: a demoted admin loses the maintenance routes within the recheck",
          "[authoring][access][admin]") {
    StaffApi api;
    const std::string token = api.staff_token("admin", 2);
    CHECK(api.post("/api/categories", R"({"titel_de":"Vorher"})", token).status == 201);
    api.storage().accounts().set_role(
        api.storage().accounts().find_by_id(api.staff_account("admin", 2))->email, "editor");
    // ACCOUNT_RECHECK_SECONDS is 30 in the tests: what was read a moment ago still counts.
    api.clock.advance(std::chrono::seconds(31));
    const Reply r = api.post("/api/categories", R"({"titel_de":"Nachher"})", token);
    INFO(text(r));
    CHECK(r.status == 403);
    CHECK(r.error() == "Insufficient permissions");
    CHECK(sql_integer(*api.db, "SELECT COUNT(*) FROM categories WHERE titel_de = 'Nachher'") == 0);
    // The same token still reaches the editors' routes.
    CHECK(api.get("/api/categories", token).status == 200);
}

TEST_CASE("authoring access: a passing request with each token does the work",
          "[authoring][access]") {
    StaffApi api;
    int n = 0;
    for (const std::string& token : {std::string(kDevToken), api.staff_token("admin")}) {
        const std::string title = "Kategorie " + std::to_string(++n);
        const Reply r = api.post("/api/categories", R"({"titel_de":")" + title + R"("})", token);
        INFO(text(r));
        CHECK(r.status == 201);
        CHECK(r.json.at("titel_de").as_string() == title);
    }
    // An editor may list the categories but not add one.
    const Reply editor =
        api.post("/api/categories", R"({"titel_de":"Kategorie 3"})", api.staff_token("editor"));
    CHECK(editor.status == 403);
    CHECK(editor.error() == "Insufficient permissions");
    const Reply all = api.get("/api/categories");
    REQUIRE(all.status == 200);
    int found = 0;
    for (const auto& c : all.json.as_array()) {
        if (std::string(c.at("titel_de").as_string()).rfind("Kategorie ", 0) == 0) ++found;
    }
    CHECK(found == 2);
}

// docs/openapi-authoring.yaml (parameters Id, WordId): an id in a path is written as the API
// writes ids, in decimal without a leading zero; any other spelling of an existing item's id
// names nothing (404), on every route, and changes nothing.
TEST_CASE("authoring access: a path id spelled with a leading zero or a sign is 404 everywhere",
          "[authoring][access]") {
    StaffApi api;
    const Ids ids = make_content(api);
    const std::string before = snapshot(api, ids);
    const std::string auth = std::string("Bearer ") + kDevToken;
    int checked = 0;
    for (const auto& route : routes()) {
        const std::string pattern = route.pattern;
        if (pattern.find(":id") == std::string::npos) continue;
        const std::string id = std::to_string(id_for(pattern, ids));
        const std::string word = std::to_string(ids.word);
        std::vector<std::pair<std::string, std::string>> spellings{
            {"0" + id, word}, {"00" + id, word}, {"+" + id, word}};
        if (pattern.find(":word_id") != std::string::npos) {
            spellings.push_back({id, "0" + word});
            spellings.push_back({id, "+" + word});
        }
        for (const auto& [id_text, word_text] : spellings) {
            std::string path = pattern;
            replace_all(path, ":word_id", word_text);
            replace_all(path, ":id", id_text);
            std::map<std::string, std::string> headers{{"Authorization", auth}};
            if (std::string(route.body) == "png") headers["Content-Type"] = "image/png";
            const Reply r = api.client->call(route.method, path, sample_body(route, ids), headers);
            INFO(route.method << " " << path << ": " << text(r));
            CHECK(r.status == 404);
            CHECK(r.error() == "Not found");
            ++checked;
        }
    }
    CHECK(checked > 100);
    CHECK(snapshot(api, ids) == before);
    // The canonical spelling still names the item.
    CHECK(api.get("/api/pictures/" + std::to_string(ids.picture)).status == 200);
}

TEST_CASE("authoring access: routing comes before authentication", "[authoring][access]") {
    StaffApi api;
    const std::string none;
    SECTION("unknown /api paths are 404 Not found without a token") {
        for (const std::string path :
             {"/api/nothing", "/api/pictures/1/nothing", "/api/cms/db-nothing", "/api/cms", "/api",
              "/picture", "/api/cms/db-words/1/review"}) {
            const Reply r = api.get(path, none);
            INFO(path << ": " << text(r));
            CHECK(r.status == 404);
            CHECK(r.error() == "Not found");
        }
        const Reply r = api.post("/api/nothing", "{}", none);
        CHECK(r.status == 404);
        CHECK(r.error() == "Not found");
    }
    SECTION("a known path with another method is 405 with Allow, without a token") {
        struct Wrong {
            const char* method;
            const char* path;
            const char* allow;
        };
        for (const auto& w : std::vector<Wrong>{
                 {"DELETE", "/api/categories", "GET, HEAD, POST"},
                 {"PUT", "/api/pictures", "GET, HEAD, POST"},
                 {"GET", "/api/pictures/1/image", "PUT"},
                 {"POST", "/api/audios/coverage", "GET, HEAD"},
                 {"GET", "/api/purge-all-orphans", "POST"},
                 {"PUT", "/api/cms/db-words/1", "DELETE, GET, HEAD, PATCH"},
                 {"GET", "/api/word/1", "DELETE"},
                 {"PATCH", "/pictures", "GET, HEAD"},
             }) {
            const Reply r = api.client->call(w.method, w.path, {}, {});
            INFO(w.method << " " << w.path << ": " << text(r));
            CHECK(r.status == 405);
            CHECK(r.error() == "Method not allowed");
            CHECK(r.header("allow") == w.allow);
        }
    }
    SECTION("a path id that is no positive integer: 401 without a token, 404 with one") {
        for (const std::string path : {"/api/pictures/abc", "/api/pictures/0", "/api/pictures/-1",
                                       "/api/cms/db-words/1.5", "/pictures/99999999999999999999"}) {
            INFO(path);
            CHECK(api.get(path, none).status == 401);
            const Reply r = api.get(path);
            CHECK(r.status == 404);
            CHECK(r.error() == "Not found");
        }
    }
    SECTION("HEAD of a GET route needs the token too") {
        CHECK(api.client->call("HEAD", "/api/pictures", {}, {}).status == 401);
        CHECK(api.client
                  ->call("HEAD", "/api/pictures", {},
                         {{"Authorization", std::string("Bearer ") + kDevToken}})
                  .status == 200);
    }
}

TEST_CASE("authoring access: health routes and media need no token", "[authoring][access]") {
    StaffApi api;
    const std::string none;
    for (const std::string path : {"/livez", "/healthz", "/readyz"}) {
        const Reply r = api.get(path, none);
        INFO(path << ": " << text(r));
        CHECK(r.status == 200);
        CHECK(r.json.is_object());
    }
    CHECK(api.get("/livez", none).json.at("status") == "ok");
    CHECK(api.get("/readyz", none).json.at("status") == "ready");
    const Reply metrics = api.get("/metrics", none);
    CHECK(metrics.status == 200);
    CHECK(metrics.header("content-type").rfind("text/plain", 0) == 0);
    // A picture's file is public under its unguessable name.
    const Id picture = api.picture(12, 8);
    const Reply p = api.get("/api/pictures/" + std::to_string(picture));
    REQUIRE(p.status == 200);
    const Reply file = api.get(std::string(p.json.at("image_url").as_string()), none);
    CHECK(file.status == 200);
    CHECK(file.body == solid_png(12, 8));
}
