// The LLM adapter against a local fake chat-completions server (HTTP and HTTPS).
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

#include "adapters/words/llm_endpoint.hpp"
#include "adapters/words/llm_generator.hpp"
#include "fake_llm_server.hpp"
#include "test_certificate.hpp"

namespace {

using namespace std::chrono_literals;
using ll::GenerationError;
using ll::LlmGenerator;
using ll::LlmSettings;

const std::string kKey = "sk-test-SECRET-7f3a9c21";

ll::WordGenerationRequest dog_request(int count = 5) {
    ll::WordGenerationRequest request;
    request.seeds = {ll::WordSeed{"Hund", std::string("dog"), std::nullopt}};
    request.context = "Im Park";
    request.count = count;
    request.known_titles = {"Katze", "Leine"};
    return request;
}

ll::QuestionGenerationRequest dog_questions(int count = 3) {
    ll::QuestionGenerationRequest request;
    request.label = ll::WordSeed{"Hund", std::string("dog"), std::string("hund")};
    request.other_words = {ll::WordSeed{"Katze", {}, {}}};
    request.context = "Im Park";
    request.count = count;
    return request;
}

const char* const kTwoWords =
    R"({"words":[{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":5},)"
    R"({"title_de":"Hundeleine","title_en":"dog leash","title_sv":"hundkoppel","level":"12"}]})";

LlmGenerator generator_for(const std::string& url, std::chrono::milliseconds timeout = 2s,
                           std::string key = kKey, std::string ca_file = {}) {
    return LlmGenerator(
        LlmSettings{url, "llama3.1:8b", std::move(key), timeout, std::move(ca_file)});
}

// Runs `call`, expects a GenerationError mentioning `fragment`, never the key.
template <typename Call>
void expect_error(Call&& call, const std::string& fragment) {
    try {
        call();
        FAIL("expected a GenerationError mentioning " << fragment);
    } catch (const GenerationError& e) {
        const std::string message = e.what();
        INFO("message: " << message);
        CHECK(message.find(fragment) != std::string::npos);
        CHECK(message.find(kKey) == std::string::npos);
        CHECK(message.find("SECRET") == std::string::npos);
    }
}

std::uint16_t closed_port() {
    boost::asio::io_context io;
    boost::asio::ip::tcp::acceptor acceptor(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
    return acceptor.local_endpoint().port();  // closed when the acceptor goes
}

}  // namespace

TEST_CASE("LLM_URL forms map to the chat-completions endpoint", "[words][llm]") {
    using ll::words::parse_llm_url;
    auto e = parse_llm_url("http://127.0.0.1:11434");
    CHECK_FALSE(e.https);
    CHECK(e.host == "127.0.0.1");
    CHECK(e.port == 11434);
    CHECK(e.target == "/v1/chat/completions");
    CHECK(e.host_header == "127.0.0.1:11434");
    CHECK(e.host_is_address);
    e = parse_llm_url("https://api.example.com/v1");
    CHECK(e.https);
    CHECK(e.port == 443);
    CHECK(e.target == "/v1/chat/completions");
    CHECK(e.host_header == "api.example.com");
    CHECK_FALSE(e.host_is_address);
    CHECK(parse_llm_url("https://h.example/openai/v1/").target == "/openai/v1/chat/completions");
    CHECK(parse_llm_url("http://h:8080/v1/chat/completions").target == "/v1/chat/completions");
    CHECK(parse_llm_url("http://h/").target == "/v1/chat/completions");
    CHECK(parse_llm_url("http://h/v1?api-version=2").target ==
          "/v1/chat/completions?api-version=2");
    e = parse_llm_url("http://[::1]:8080/v1");
    CHECK(e.host == "::1");
    CHECK(e.host_header == "[::1]:8080");
    CHECK_THROWS_AS(parse_llm_url("ftp://h/v1"), GenerationError);
    CHECK_THROWS_AS(parse_llm_url("127.0.0.1:11434"), GenerationError);
    CHECK_THROWS_AS(parse_llm_url(""), GenerationError);
    CHECK_THROWS_AS(parse_llm_url("http://user:pw@h/v1"), GenerationError);
    CHECK_THROWS_AS(LlmGenerator(LlmSettings{"http://h", "", "", 1s}), GenerationError);
}

TEST_CASE("LLM words: the request and a good answer", "[words][llm]") {
    ll::test::FakeLlmServer server;
    server.reply_content(kTwoWords);
    auto gen = generator_for(server.base_url());
    CHECK(gen.name() == "llm:llama3.1:8b");
    const auto words = gen.words(dog_request());
    REQUIRE(words.size() == 2);
    CHECK(words[0].title_de == "Hund");
    CHECK(words[0].title_en == "dog");
    CHECK(words[0].title_sv == "hund");
    CHECK(words[0].level == 5);
    CHECK(words[1].title_sv == "hundkoppel");
    CHECK(words[1].level == 12);  // "12": digits in a string are accepted

    const auto requests = server.requests();
    REQUIRE(requests.size() == 1);
    const auto& r = requests[0];
    CHECK(r.method == "POST");
    CHECK(r.target == "/v1/chat/completions");
    CHECK(r.host == "127.0.0.1:" + std::to_string(server.port()));
    CHECK(r.authorization == "Bearer " + kKey);
    CHECK(r.content_type == "application/json");
    const auto body = boost::json::parse(r.body).as_object();
    CHECK(body.at("model").as_string() == "llama3.1:8b");
    CHECK(body.at("temperature").to_number<double>() == Approx(0.2));
    CHECK(body.at("response_format").at("type").as_string() == "json_object");
    const auto& messages = body.at("messages").as_array();
    REQUIRE(messages.size() == 2);
    CHECK(messages[0].at("role").as_string() == "system");
    CHECK(messages[1].at("role").as_string() == "user");
    const std::string prompt(messages[1].at("content").as_string());
    CHECK(prompt.find("\"Hund\"") != std::string::npos);
    CHECK(prompt.find("\"Katze\"") != std::string::npos);  // known titles are named
    CHECK(prompt.find("Im Park") != std::string::npos);
    CHECK(prompt.find("\"words\"") != std::string::npos);
    CHECK(r.body.find(kKey) == std::string::npos);
}

TEST_CASE("LLM words: the path is built from any URL form", "[words][llm]") {
    ll::test::FakeLlmServer server;
    server.reply_content(kTwoWords);
    for (const std::string suffix : {"", "/", "/v1", "/v1/chat/completions", "/proxy/v1"}) {
        generator_for(server.base_url() + suffix).words(dog_request());
        const auto target = server.requests().back().target;
        CHECK(target ==
              (suffix == "/proxy/v1" ? "/proxy/v1/chat/completions" : "/v1/chat/completions"));
    }
}

TEST_CASE("LLM words: no Authorization header without a key", "[words][llm]") {
    ll::test::FakeLlmServer server;
    server.reply_content(kTwoWords);
    generator_for(server.base_url(), 2s, "").words(dog_request());
    CHECK(server.requests().at(0).authorization.empty());
}

TEST_CASE("LLM words: content in code fences or with prose around it", "[words][llm]") {
    ll::test::FakeLlmServer server;
    auto gen = generator_for(server.base_url());
    for (const std::string& content :
         {std::string("```json\n") + kTwoWords + "\n```", std::string("```\n") + kTwoWords + "```",
          std::string("Here you are:\n") + kTwoWords + "\nEnjoy!", std::string("  ") + kTwoWords}) {
        server.reply_content(content);
        const auto words = gen.words(dog_request());
        REQUIRE(words.size() == 2);
        CHECK(words[1].title_de == "Hundeleine");
    }
    // A bare array is taken as the list.
    server.reply_content(R"([{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":3.0}])");
    const auto words = gen.words(dog_request());
    REQUIRE(words.size() == 1);
    CHECK(words[0].level == 3);
}

TEST_CASE("LLM words: at most count, and missing fields left to the core", "[words][llm]") {
    ll::test::FakeLlmServer server;
    auto gen = generator_for(server.base_url());
    server.reply_content(kTwoWords);
    CHECK(gen.words(dog_request(1)).size() == 1);
    CHECK(gen.words(dog_request(0)).empty());
    CHECK(server.requests().size() == 1);  // count 0 asks nothing
    // A missing title stays empty and a missing level is 0: the core's validation rejects them.
    server.reply_content(R"({"words":[{"title_de":"Hund","title_sv":null}]})");
    const auto words = gen.words(dog_request());
    REQUIRE(words.size() == 1);
    CHECK(words[0].title_en.empty());
    CHECK(words[0].title_sv.empty());
    CHECK(words[0].level == 0);
}

TEST_CASE("LLM questions: the request and a good answer", "[words][llm]") {
    ll::test::FakeLlmServer server;
    server.reply_content(R"({"questions":[{"text_de":"Was ist das?","text_en":"What is this?",
        "text_sv":"Vad är det här?","short_answer_de":"Hund","short_answer_en":"dog",
        "short_answer_sv":"hund","level":"7",
        "answer_words":[{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":5}],
        "distractor_words":[{"title_de":"Katze","title_en":"cat","title_sv":"katt","level":5},
                            {"title_de":"Maus","title_en":"mouse","title_sv":"mus","level":6}]},
        {"text_de":"Bellt das?","text_en":"Does it bark?","text_sv":"Skäller den?",
        "short_answer_de":"ja","short_answer_en":"yes","short_answer_se":"ja","level":9}]})");
    auto gen = generator_for(server.base_url());
    const auto questions = gen.questions(dog_questions());
    REQUIRE(questions.size() == 2);
    const auto& q = questions[0];
    CHECK(q.text_sv == "Vad är det här?");
    CHECK(q.short_answer_se == "hund");  // read from short_answer_sv
    CHECK(q.level == 7);
    REQUIRE(q.answer_words.size() == 1);
    CHECK(q.answer_words[0].title_en == "dog");
    REQUIRE(q.distractor_words.size() == 2);
    CHECK(q.distractor_words[1].title_sv == "mus");
    CHECK(questions[1].distractor_words.empty());
    CHECK(questions[1].short_answer_se == "ja");
    CHECK(gen.questions(dog_questions(1)).size() == 1);

    const auto body = boost::json::parse(server.requests().at(0).body).as_object();
    const std::string prompt(body.at("messages").as_array()[1].at("content").as_string());
    CHECK(prompt.find("\"Hund\"") != std::string::npos);
    CHECK(prompt.find("\"Katze\"") != std::string::npos);  // other words offered as distractors
    CHECK(prompt.find("\"questions\"") != std::string::npos);
    CHECK(prompt.find("short_answer_se") != std::string::npos);
}

TEST_CASE("LLM: malformed answers are GenerationErrors without the key", "[words][llm]") {
    ll::test::FakeLlmServer server;
    auto gen = generator_for(server.base_url());
    const auto words = [&] { gen.words(dog_request()); };
    const auto questions = [&] { gen.questions(dog_questions()); };

    server.reply_content("Sure! Hund, Katze, Maus.");
    expect_error(words, "not JSON");
    server.reply(200, R"({"id":"x","object":"chat.completion"})");
    expect_error(words, "no choices");
    server.reply(200, R"({"choices":[]})");
    expect_error(words, "no choices");
    server.reply(200, R"({"choices":[{"message":{"role":"assistant"}}]})");
    expect_error(words, "no message content");
    server.reply(200, R"({"error":{"message":"model 'llama3.1:8b' not found"}})");
    expect_error(words, "not found");
    server.reply(200, "<html>Bad gateway</html>");
    expect_error(words, "response body is not JSON");
    server.reply(200, R"([1,2])");
    expect_error(words, "not a JSON object");
    server.reply_content(R"({"result":[]})");
    expect_error(words, "no \"words\" array");
    server.reply_content(R"({"words":{"title_de":"Hund"}})");
    expect_error(words, "no \"words\" array");
    server.reply_content(R"({"words":["Hund"]})");
    expect_error(words, "words[0] is not an object");
    server.reply_content(
        R"({"words":[{"title_de":"Hund","title_en":7,"title_sv":"hund","level":1}]})");
    expect_error(words, "words[0].title_en is not a string");
    server.reply_content(
        R"({"words":[{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":"seven"}]})");
    expect_error(words, "words[0].level is not an integer");
    server.reply_content(
        R"({"words":[{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":2.5}]})");
    expect_error(words, "level is not an integer");
    server.reply_content(
        R"({"words":[{"title_de":"Hund","title_en":"dog","title_sv":"hund","level":[5]}]})");
    expect_error(words, "level is not an integer");
    server.reply_content(R"({"questions":[{"text_de":"Was?","answer_words":"Hund"}]})");
    expect_error(questions, "questions[0].answer_words is not an array");
    server.reply_content(
        R"({"questions":[{"text_de":"Was?","distractor_words":[{"title_de":1}]}]})");
    expect_error(questions, "questions[0].distractor_words[0].title_de is not a string");

    // An HTTP error, even one echoing the key, is reported with the key masked.
    server.reply(500, R"({"error":{"message":"invalid api key )" + kKey + R"("}})");
    expect_error(words, "HTTP 500");
    expect_error(words, "[redacted]");
    server.reply(401, "Unauthorized");
    expect_error(questions, "HTTP 401");
}

TEST_CASE("LLM: connection refused and timeouts", "[words][llm]") {
    const auto port = closed_port();
    auto refused = generator_for("http://127.0.0.1:" + std::to_string(port), 2s);
    const auto start = std::chrono::steady_clock::now();
    expect_error([&] { refused.words(dog_request()); }, "refused");
    CHECK(std::chrono::steady_clock::now() - start < 2s);

    ll::test::FakeLlmServer silent;
    silent.never_answer();
    auto gen = generator_for(silent.base_url(), 500ms);
    const auto before = std::chrono::steady_clock::now();
    expect_error([&] { gen.words(dog_request()); }, "timed out after 500 ms");
    const auto took = std::chrono::steady_clock::now() - before;
    CHECK(took >= 450ms);
    CHECK(took < 2s);
    CHECK(silent.requests().size() == 1);  // the request did arrive
}

TEST_CASE("LLM over HTTPS verifies the certificate and sends SNI", "[words][llm][tls]") {
    const auto identity = ll::test::make_test_certificate();
    const auto ca_file = std::filesystem::temp_directory_path() /
                         ("ll-words-ca-" + std::to_string(std::random_device{}()) + ".pem");
    std::ofstream(ca_file) << identity.certificate_pem;
    ll::test::FakeLlmServer server(
        ll::test::TlsIdentity{identity.certificate_pem, identity.private_key_pem});
    server.reply_content(kTwoWords);
    const auto port = std::to_string(server.port());

    // Trusted through the extra CA file: by name (with SNI) and by address (without).
    CHECK(generator_for("https://localhost:" + port, 2s, kKey, ca_file.string())
              .words(dog_request())
              .size() == 2);
    CHECK(server.requests().back().server_name == "localhost");
    CHECK(server.requests().back().authorization == "Bearer " + kKey);
    CHECK(generator_for("https://127.0.0.1:" + port + "/v1", 2s, kKey, ca_file.string())
              .words(dog_request())
              .size() == 2);
    CHECK(server.requests().back().server_name.empty());

    // The system store does not know this self-signed certificate.
    auto untrusted = generator_for("https://localhost:" + port, 2s);
    expect_error([&] { untrusted.words(dog_request()); }, "certificate verify failed");
    std::filesystem::remove(ca_file);
}

TEST_CASE("LLM over HTTPS refuses a certificate for another host", "[words][llm][tls]") {
    const auto identity = ll::test::make_test_certificate("DNS:other.example");
    const auto ca_file = std::filesystem::temp_directory_path() /
                         ("ll-words-ca-" + std::to_string(std::random_device{}()) + ".pem");
    std::ofstream(ca_file) << identity.certificate_pem;
    ll::test::FakeLlmServer server(
        ll::test::TlsIdentity{identity.certificate_pem, identity.private_key_pem});
    server.reply_content(kTwoWords);
    auto gen = generator_for("https://localhost:" + std::to_string(server.port()), 2s, kKey,
                             ca_file.string());
    expect_error([&] { gen.words(dog_request()); }, "certificate verify failed");
    CHECK(server.requests().empty());
    std::filesystem::remove(ca_file);
}
