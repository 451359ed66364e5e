#pragma once
// The authoring API as the HTTP tests drive it: the real server and routes on the backend
// LL_TEST_BACKEND names, real espeak-ng, the real FreeDict dictionaries (or an OpenAI-compatible
// fake on a local socket), a media folder of its own, and a client that records every reply
// for the check against docs/openapi-authoring.yaml.
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/server.hpp"
#include "adapters/media/local_media_store.hpp"
#include "adapters/media/png_writer.hpp"
#include "adapters/media/vips_renditions.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/security/dev_tokens.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "adapters/security/session_signer.hpp"
#include "adapters/speech/espeak_synthesizer.hpp"
#include "adapters/speech/ffmpeg_audio_encoder.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "core/ports/word_generator.hpp"
#include "tests/http/support/http_client.hpp"
#include "tests/http/support/test_server.hpp"

namespace ll::test {

inline constexpr const char* kDevToken = "dev-token-for-http-tests-0000000001";

// The FreeDict generator, loaded once per test process (the dictionaries take seconds).
WordGenerator& shared_freedict();

// An OpenAI-compatible chat-completions endpoint on a loopback port, answering what the test
// says and keeping what it was sent.
class FakeLlm {
  public:
    FakeLlm();
    ~FakeLlm();
    // The next answers: `content` becomes choices[0].message.content of a 200 answer.
    void answer_content(const std::string& content);
    // The raw answer (status and body as given).
    void answer_raw(int status, const std::string& body);
    std::string url() const;  // http://127.0.0.1:<port>
    // The last request: its body (JSON text) and Authorization header.
    std::string last_body() const;
    std::string last_authorization() const;
    int requests() const;

  private:
    struct State;
    std::shared_ptr<State> state_;
    http::Metrics metrics_;
    std::unique_ptr<http::Server> server_;
};

struct StaffApiOptions {
    bool fake_llm = false;  // word generation by FakeLlm instead of FreeDict
    // The sign-in's limits (POST /api/session); the defaults of the configuration.
    http::RateLimits limits{};
    bool access_log = false;  // the server's access log on stdout (spdlog logger "access")
    std::string tts_command = "espeak-ng";
    std::string llm_api_key = "test-llm-key-must-not-leak";
    std::vector<std::string> cors_origins{};  // CORS_ORIGINS (none by default)
};

struct StaffApi {
    explicit StaffApi(StaffApiOptions options = {},
                      std::shared_ptr<TestDatabase> database = nullptr);
    ~StaffApi();

    std::shared_ptr<TestDatabase> db;
    ManualClock clock;
    JwtTokenService tokens{kTestSecret, 7 * 24 * 3600};
    ConstantTimeDevTokens dev_tokens{{kDevToken}};
    Argon2idPasswordHasher hasher;
    HmacSessionSigner signer{kTestSecret};
    std::string media_dir = fresh_media_dir();
    LocalMediaStore media{media_dir};
    VipsRenditions renditions;
    EspeakSynthesizer speech;
    FfmpegAudioEncoder encoder;
    Utf8procFolding folding;                       // the preview's accepted answers
    std::unique_ptr<FakeLlm> llm;                  // with StaffApiOptions::fake_llm
    std::unique_ptr<WordGenerator> llm_generator;  // with StaffApiOptions::fake_llm
    http::Metrics metrics;
    std::unique_ptr<http::Server> server;
    std::unique_ptr<HttpClient> client;  // records for docs/openapi-authoring.yaml

    std::uint16_t port() const { return server->port(); }
    StorageBackend& storage() { return db->backend(); }

    // ---- tokens
    // A JWT of a real account with this role (made on first use, one per role and `who`): the
    // server checks a staff token's account (still active, still staff).
    std::string staff_token(const std::string& role = "editor", int who = 1);
    std::string end_user_token(int who = 1);
    // The account behind staff_token(role, who).
    Id staff_account(const std::string& role, int who = 1);

    // ---- requests with the development token (`token` overrides it; "" sends none)
    Reply get(const std::string& target, std::optional<std::string> token = std::nullopt);
    Reply post(const std::string& target, const std::string& json,
               std::optional<std::string> token = std::nullopt);
    Reply patch(const std::string& target, const std::string& json,
                std::optional<std::string> token = std::nullopt);
    Reply del(const std::string& target, std::optional<std::string> token = std::nullopt);
    // A raw body with a Content-Type (uploads).
    Reply send(const std::string& method, const std::string& target, const std::string& body,
               const std::string& content_type, std::optional<std::string> token = std::nullopt);

    // ---- content through the API (each REQUIREs success and answers the new id)
    Id picture(int width = 64, int height = 48, const std::string& title = "Bild");
    Id object(Id picture_id, const std::string& selections_json = "[]");
    // Sets the object's label word; answers the word id.
    Id label(Id object_id, const std::string& title_de, const std::string& title_en = "",
             const std::string& title_sv = "", std::vector<Id> category_ids = {});
    Id word(const std::string& title_de, int level = 1, std::vector<Id> category_ids = {});
    Id category(const std::string& titel_de);
    // A pair with a statement (and a question when `question` is true), draft.
    Id pair(Id picture_id, std::optional<Id> object_id = std::nullopt,
            const std::string& answer_type = "word", bool question = false);
    // review, then publish.
    void publish_pair(Id pair_id);

    // The learner API on the same database and media folder (made on first use).
    TestServer& learner();

  private:
    std::unique_ptr<TestServer> learner_;
};

// The body of a JSON reply as text, for messages.
std::string text(const Reply& r);

}  // namespace ll::test
