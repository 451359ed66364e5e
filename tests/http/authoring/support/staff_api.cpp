#include "tests/http/authoring/support/staff_api.hpp"

#include <filesystem>

#include <boost/json.hpp>

#include "adapters/http/authoring/routes.hpp"
#include "adapters/http/json/codec.hpp"
#include "adapters/http/server/operational_routes.hpp"
#include "adapters/words/freedict_generator.hpp"
#include "adapters/words/llm_generator.hpp"

namespace ll::test {

namespace json = boost::json;

WordGenerator& shared_freedict() {
    static FreedictGenerator generator;
    return generator;
}

std::string text(const Reply& r) {
    return std::to_string(r.status) + " " + r.body;
}

// ---- FakeLlm

struct FakeLlm::State {
    mutable std::mutex mutex;
    int status = 200;
    std::string body = R"({"choices":[{"message":{"role":"assistant","content":"{}"}}]})";
    std::string last_body, last_authorization;
    int requests = 0;
};

FakeLlm::FakeLlm() : state_(std::make_shared<State>()) {
    http::Router router;
    router.add(http::Route{"POST", "/v1/chat/completions", "llm",
                           [state = state_](http::Request& r) {
                               std::lock_guard lock(state->mutex);
                               ++state->requests;
                               state->last_body = r.body;
                               state->last_authorization =
                                   std::string(r.header("authorization").value_or(""));
                               return http::json_response(state->status, state->body);
                           },
                           http::Execution::inline_io});
    http::ServerOptions options;
    options.access_log = false;
    options.shutdown_grace = std::chrono::seconds(1);
    server_ = std::make_unique<http::Server>(options, std::move(router), metrics_);
    server_->start();
}

FakeLlm::~FakeLlm() {
    server_->stop();
}

void FakeLlm::answer_content(const std::string& content) {
    json::object message{{"role", "assistant"}, {"content", content}};
    json::object body{
        {"id", "chatcmpl-test"},
        {"object", "chat.completion"},
        {"choices",
         json::array{json::object{{"index", 0}, {"message", message}, {"finish_reason", "stop"}}}}};
    answer_raw(200, json::serialize(body));
}

void FakeLlm::answer_raw(int status, const std::string& body) {
    std::lock_guard lock(state_->mutex);
    state_->status = status;
    state_->body = body;
}

std::string FakeLlm::url() const {
    return "http://127.0.0.1:" + std::to_string(server_->port());
}

std::string FakeLlm::last_body() const {
    std::lock_guard lock(state_->mutex);
    return state_->last_body;
}

std::string FakeLlm::last_authorization() const {
    std::lock_guard lock(state_->mutex);
    return state_->last_authorization;
}

int FakeLlm::requests() const {
    std::lock_guard lock(state_->mutex);
    return state_->requests;
}

// ---- StaffApi

StaffApi::StaffApi(StaffApiOptions options, std::shared_ptr<TestDatabase> database)
    : db(database ? std::move(database) : std::shared_ptr<TestDatabase>(make_test_database(4))),
      clock(std::chrono::time_point_cast<std::chrono::milliseconds>(
          std::chrono::system_clock::now())),
      speech(options.tts_command, std::chrono::seconds(20)) {
    WordGenerator* words = &shared_freedict();
    if (options.fake_llm) {
        llm = std::make_unique<FakeLlm>();
        llm_generator = std::make_unique<LlmGenerator>(LlmSettings{
            llm->url(), "test-model", options.llm_api_key, std::chrono::milliseconds(3000)});
        words = llm_generator.get();
    }
    http::Router router;
    http::add_authoring_routes(
        router,
        AuthoringPorts{db->backend().content(), media, renditions, speech, encoder, *words, clock},
        http::AuthoringAccess{tokens, dev_tokens, db->backend().accounts(),
                              db->backend().refresh_sessions(), hasher,
                              db->backend().staff_sessions(), signer, options.limits},
        metrics,
        CardAnalyticsPorts{db->backend().card_analytics(), db->backend().languages(),
                           db->backend().content()},
        PreviewPorts{db->backend().content(), db->backend().answer_keys(), folding});
    http::add_operational_routes(router, db->backend(), metrics, media);
    http::ServerOptions server_options;
    server_options.host = "127.0.0.1";
    server_options.port = 0;
    server_options.io_threads = 2;
    server_options.worker_threads = 4;
    server_options.access_log = options.access_log;
    server_options.cors_origins = options.cors_origins;
    server = std::make_unique<http::Server>(server_options, std::move(router), metrics);
    server->start();
    client = std::make_unique<HttpClient>(server->port(), RecordTo::authoring);
}

StaffApi::~StaffApi() {
    learner_.reset();
    server->stop();
    std::filesystem::remove_all(media_dir);
}

Id StaffApi::staff_account(const std::string& role, int who) {
    const std::string email = role + "-" + std::to_string(who) + "@example.com";
    AccountRepository& accounts = db->backend().accounts();
    if (const auto existing = accounts.find_by_email(email)) return existing->id;
    return accounts.create(NewAccount{email, "not-a-hash", role})->id;
}

std::string StaffApi::staff_token(const std::string& role, int who) {
    const Id id = staff_account(role, who);
    return tokens.issue(
        TokenClaims{id, role + "-" + std::to_string(who) + "@example.com", role, "de", {}},
        clock.now());
}

std::string StaffApi::end_user_token(int who) {
    return staff_token("end-user", who);
}

namespace {
std::map<std::string, std::string> auth(const std::optional<std::string>& token) {
    const std::string t = token.value_or(kDevToken);
    if (t.empty()) return {};
    return {{"Authorization", "Bearer " + t}};
}
}  // namespace

Reply StaffApi::get(const std::string& target, std::optional<std::string> token) {
    return client->call("GET", target, {}, auth(token));
}

Reply StaffApi::post(const std::string& target, const std::string& body,
                     std::optional<std::string> token) {
    return client->call("POST", target, body, auth(token));
}

Reply StaffApi::patch(const std::string& target, const std::string& body,
                      std::optional<std::string> token) {
    return client->call("PATCH", target, body, auth(token));
}

Reply StaffApi::del(const std::string& target, std::optional<std::string> token) {
    return client->call("DELETE", target, {}, auth(token));
}

Reply StaffApi::send(const std::string& method, const std::string& target, const std::string& body,
                     const std::string& content_type, std::optional<std::string> token) {
    auto headers = auth(token);
    if (!content_type.empty()) headers["Content-Type"] = content_type;
    return client->call(method, target, body, headers);
}

Id StaffApi::picture(int width, int height, const std::string& title) {
    const Reply r =
        send("POST", "/api/pictures?title=" + title, solid_png(width, height), "image/png");
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

Id StaffApi::object(Id picture_id, const std::string& selections_json) {
    const Reply r = post("/api/cms/db-objects", R"({"picture_id":)" + std::to_string(picture_id) +
                                                    R"(,"selections":)" + selections_json + "}");
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

namespace {
std::string ids_json(const std::vector<Id>& ids) {
    json::array a;
    for (Id id : ids) a.push_back(id);
    return json::serialize(a);
}
}  // namespace

Id StaffApi::label(Id object_id, const std::string& title_de, const std::string& title_en,
                   const std::string& title_sv, std::vector<Id> category_ids) {
    json::object body{{"title_de", title_de}, {"level", 2}};
    if (!title_en.empty()) body["title_en"] = title_en;
    if (!title_sv.empty()) body["title_sv"] = title_sv;
    body["category_ids"] = json::parse(ids_json(category_ids));
    const Reply r =
        post("/api/cms/db-objects/" + std::to_string(object_id) + "/words", json::serialize(body));
    INFO(text(r));
    REQUIRE((r.status == 201 || r.status == 200));
    for (const auto& w : r.json.as_array()) {
        if (w.at("is_label").as_bool()) return w.at("id").as_int64();
    }
    FAIL("no label word in the answer");
    return 0;
}

Id StaffApi::word(const std::string& title_de, int level, std::vector<Id> category_ids) {
    json::object body{{"title_de", title_de}, {"level", level}};
    body["category_ids"] = json::parse(ids_json(category_ids));
    const Reply r = post("/api/cms/db-words", json::serialize(body));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

Id StaffApi::category(const std::string& titel_de) {
    const Reply r = post("/api/categories", json::serialize(json::object{{"titel_de", titel_de}}));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

Id StaffApi::pair(Id picture_id, std::optional<Id> object_id, const std::string& answer_type,
                  bool question) {
    json::object body{{"picture_id", picture_id},
                      {"answer_type", answer_type},
                      {"level", 3},
                      {"statement", json::object{{"text_de", "Das ist ein Hund."},
                                                 {"text_en", "This is a dog."},
                                                 {"text_sv", "Det här är en hund."}}}};
    if (object_id) body["object_id"] = *object_id;
    if (question) {
        body["question"] =
            json::object{{"text_de", "Was ist das?"},    {"text_en", "What is this?"},
                         {"text_sv", "Vad är det här?"}, {"short_answer_de", "Hund"},
                         {"short_answer_en", "dog"},     {"short_answer_se", "hund"}};
    }
    const Reply r = post("/api/cms/db-pairs", json::serialize(body));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

void StaffApi::publish_pair(Id pair_id) {
    for (const char* action : {"review", "publish"}) {
        const Reply r = post("/api/cms/db-pairs/" + std::to_string(pair_id) + "/" + action, "");
        INFO(text(r));
        REQUIRE(r.status == 200);
    }
}

TestServer& StaffApi::learner() {
    if (!learner_)
        learner_ =
            std::make_unique<TestServer>(http::ServerOptions{}, http::RateLimits{}, db, media_dir);
    return *learner_;
}

}  // namespace ll::test
