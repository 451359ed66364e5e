#include "tests/http/support/test_server.hpp"

#include <unistd.h>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "adapters/http/learner/routes.hpp"
#include "adapters/http/server/operational_routes.hpp"
#include "adapters/persistence/database.hpp"
#include "adapters/persistence/dialect_sql.hpp"
#include "adapters/persistence/sql_media_store.hpp"
#include "core/domain/time_format.hpp"

namespace ll::test {

std::string fresh_media_dir() {
    static std::atomic<int> counter = 0;
    return (std::filesystem::temp_directory_path() /
            ("langlearn-media-" + std::to_string(::getpid()) + "-" + std::to_string(counter++)))
        .string();
}

std::unique_ptr<MediaStore> test_media_store(const TestDatabase& db, const std::string& folder) {
    const char* choice = std::getenv("LL_TEST_MEDIA_STORE");
    if (choice && std::string_view(choice) == "database" && !db.url().empty())
        return std::make_unique<SqlMediaStore>(db.url(), 2);
    return std::make_unique<LocalMediaStore>(folder);
}

namespace {
LearnerPorts scored(LearnerPorts ports, ClientScoring client_scoring) {
    ports.client_scoring = client_scoring;
    return ports;
}
}  // namespace

TestServer::TestServer(http::ServerOptions options, http::RateLimits limits,
                       std::shared_ptr<TestDatabase> database, const std::string& media_folder,
                       http::PasswordResetMail reset_mail, ClientScoring client_scoring)
    : db(database ? std::move(database) : std::shared_ptr<TestDatabase>(make_test_database(4))),
      clock(std::chrono::time_point_cast<std::chrono::milliseconds>(
          std::chrono::system_clock::now())),
      media_dir(media_folder.empty() ? fresh_media_dir() : media_folder),
      media_store(test_media_store(*db, media_dir)),
      media(*media_store) {
    http::Router router;
    http::add_learner_routes(
        router,
        scored(make_learner_ports(db->backend(), clock, hasher, tokens, secrets, folding),
               client_scoring),
        metrics, std::move(limits), std::chrono::seconds(30), reset_mail);
    http::add_operational_routes(router, db->backend(), metrics, media);
    options.host = "127.0.0.1";
    options.port = 0;
    options.io_threads = 2;
    options.worker_threads = 4;
    options.access_log = false;
    options.localize_errors = true;  // as learner-api runs
    server = std::make_unique<http::Server>(options, std::move(router), metrics);
    server->start();
}

TestServer::~TestServer() {
    server->stop();
    std::filesystem::remove_all(media_dir);
}

void backdate_accounts(TestDatabase& db, Timestamp at) {
    sql::Database raw(sql::parse_database_url(db.url()), 1);
    const sql::DialectSql d{raw.dialect()};
    const std::string instant = format_timestamp(at);
    raw.write([&](soci::session& s) {
        s << "UPDATE users SET created_at = " + d.ts_in(":a"), soci::use(instant);
    });
}

}  // namespace ll::test
