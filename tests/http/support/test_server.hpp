#pragma once
// A learner-api in the test process: the real server, routes, argon2id and JWT, on the backend
// LL_TEST_BACKEND names, listening on a free loopback port, with a clock the test sets.
#include <memory>

#include "adapters/http/learner/routes.hpp"
#include "adapters/http/server/metrics.hpp"
#include "adapters/http/server/rate_limiter.hpp"
#include "adapters/http/server/server.hpp"
#include "adapters/media/local_media_store.hpp"
#include "adapters/memory/manual_clock.hpp"
#include "adapters/security/argon2id_password_hasher.hpp"
#include "adapters/security/jwt_token_service.hpp"
#include "adapters/security/sodium_secret_tokens.hpp"
#include "adapters/text/utf8proc_folding.hpp"
#include "tests/support/test_backends.hpp"

namespace ll::test {

inline constexpr const char* kTestSecret = "http-test-secret-0123456789abcdefghij";

// A path for a new media folder under the temporary directory, unique in this process.
std::string fresh_media_dir();

// The media store a test server serves from: `folder` unless LL_TEST_MEDIA_STORE=database and
// the database is a SQL one.
std::unique_ptr<MediaStore> test_media_store(const TestDatabase& db, const std::string& folder);

struct TestServer {
    // `database`: share one with another server (the authoring API in feed tests); null: a
    // fresh one. `media_folder`: serve /media from this folder (the authoring API's, so that
    // the feed's image_url and audio_url resolve); empty: a fresh one. `reset_mail`: where
    // password reset mails go (none by default).
    explicit TestServer(http::ServerOptions options = {}, http::RateLimits limits = {},
                        std::shared_ptr<TestDatabase> database = nullptr,
                        const std::string& media_folder = {},
                        http::PasswordResetMail reset_mail = {},
                        ClientScoring client_scoring = ClientScoring::accept);
    ~TestServer();

    std::shared_ptr<TestDatabase> db;
    ManualClock clock;
    Argon2idPasswordHasher hasher;
    JwtTokenService tokens{kTestSecret, 7 * 24 * 3600};
    SodiumSecretTokens secrets{kTestSecret};  // refresh tokens
    Utf8procFolding folding;                  // graded answers (POST /auth/answers)
    http::Metrics metrics;
    std::string media_dir = fresh_media_dir();
    // Before `server`, which serves from it: the folder, or with LL_TEST_MEDIA_STORE=database
    // on a SQL backend the test database's media_files (MEDIA_STORE=database).
    std::unique_ptr<MediaStore> media_store;
    MediaStore& media;
    std::unique_ptr<http::Server> server;

    std::uint16_t port() const { return server->port(); }
    StorageBackend& storage() { return db->backend(); }
};

// Moves the registration of every account in `db` back to `at` (SQL backends): a test whose
// clock goes back to fixed dates (offline answers) starts its learners before those dates, as
// offline answers dated before the account are refused.
void backdate_accounts(TestDatabase& db, Timestamp at);

}  // namespace ll::test
