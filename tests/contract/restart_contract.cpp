#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <thread>

#include <soci/postgresql/soci-postgresql.h>
#include <soci/soci.h>

#include "adapters/persistence/database_url.hpp"
#include "adapters/persistence/sql_media_store.hpp"
#include "core/app/book_progress.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/one_learner.hpp"

using namespace ll;

// Runs alone (ctest RUN_SERIAL): it restarts the shared throw-away PostgreSQL.
TEST_CASE("restart: PostgreSQL restarted between two bookings, the second succeeds", "[restart]") {
    const char* ctl = std::getenv("LL_TEST_PG_CTL");
    const char* dir = std::getenv("LL_TEST_PG_DIR");
    REQUIRE(ctl);
    REQUIRE(dir);
    test::OneLearner w(2);
    StorageBackend& b = w.b;
    const Id user = w.user;
    const BookingCommand card{
        user, w.pair, true, 5, *parse_timestamp("2026-11-22T10:00:00Z"), *parse_date("2026-11-22")};
    REQUIRE(book_card(b.progress(), card).status == BookingStatus::booked);

    REQUIRE(std::system((std::string(ctl) + " restart " + dir).c_str()) == 0);

    const auto second = book_card(b.progress(), card);
    CHECK(second.status == BookingStatus::booked);
    CHECK(second.total_ep == 10);
    // Every pooled session recovers, not only the one that met the failure.
    for (int i = 0; i < 4; ++i) CHECK(b.profiles().find_by_user(user)->total_ep == 10);
    CHECK(b.ready());
}

TEST_CASE("restart: while the server is down the backend says unavailable, then recovers",
          "[restart]") {
    const std::string ctl = std::getenv("LL_TEST_PG_CTL"), dir = std::getenv("LL_TEST_PG_DIR");
    auto db = test::make_test_database(1);
    StorageBackend& b = db->backend();
    const Id user = b.accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
    REQUIRE(std::system((ctl + " kill " + dir).c_str()) == 0);
    CHECK_THROWS_AS(b.accounts().find_by_id(user), DatabaseUnavailable);
    CHECK_FALSE(b.ready());
    REQUIRE(std::system((ctl + " start-again " + dir).c_str()) == 0);
    CHECK(b.accounts().find_by_id(user)->email == "ada@example.com");
    CHECK(b.ready());
}

namespace {
// A learner on a fresh database (two pooled sessions) and a session of the database's owner
// beside the pool, which changes the server under it.
struct WithOwner {
    test::OneLearner w{2};
    soci::session owner{*soci::factory_postgresql(), sql::parse_database_url(w.db->url()).connect};
};
}  // namespace

// A connection the server ended (an administrator, an idle-session timeout, a fail-over) is
// found out at its next use: there is no ping in front of every piece of work, so the work's
// first statement fails on it, and the session reconnects and runs the work once more.
TEST_CASE("restart: pooled connections the server terminated are replaced at their next use",
          "[restart]") {
    WithOwner f;
    StorageBackend& b = f.w.b;
    const Id user = f.w.user;
    soci::session& admin = f.owner;
    long long terminated = 0;
    admin << "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
             "WHERE datname = current_database() AND pid <> pg_backend_pid()) t",
        soci::into(terminated);
    REQUIRE(terminated >= 2);  // both pooled sessions

    // Reads and a write on both sessions, none refused.
    for (int i = 0; i < 4; ++i) CHECK(b.accounts().find_by_id(user)->email == "ada@example.com");
    const BookingCommand card{user,
                              f.w.pair,
                              true,
                              5,
                              *parse_timestamp("2026-11-22T10:00:00Z"),
                              *parse_date("2026-11-22")};
    CHECK(book_card(b.progress(), card).status == BookingStatus::booked);
    CHECK(b.profiles().find_by_user(user)->total_ep == 5);
    long long sessions = 0;
    admin << "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid "
             "<> pg_backend_pid()",
        soci::into(sessions);
    // Reconnected in place, not leaked (a session not used since is reopened at its next use).
    CHECK(sessions >= 1);
    CHECK(sessions <= 2);
}

// A primary demoted under a running service: its sessions now meet read_only_sql_transaction
// (SQLSTATE 25006) at their first write. Here the whole server turns read-only by a reload
// (default_transaction_read_only reaches every session at once, as a demotion would), so a new
// connection lands on a read-only server too: writes are DatabaseUnavailable (503 with
// Retry-After), never a failure of another kind (500), reads go on, and writes resume by
// themselves when the server takes them again.
TEST_CASE("restart: writes on a server that turned read-only are unavailable, then resume",
          "[restart]") {
    WithOwner f;
    StorageBackend& b = f.w.b;
    const Id user = f.w.user;
    soci::session& admin = f.owner;
    const auto read_only = [&admin](bool on) {
        admin << (on ? "ALTER SYSTEM SET default_transaction_read_only = on"
                     : "ALTER SYSTEM RESET default_transaction_read_only");
        admin << "SELECT pg_reload_conf()";
        // The reload reaches the other sessions when they next read a command (SIGHUP).
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
    };
    const BookingCommand card{user,
                              f.w.pair,
                              true,
                              5,
                              *parse_timestamp("2026-11-22T10:00:00Z"),
                              *parse_date("2026-11-22")};

    read_only(true);
    CHECK_THROWS_AS(book_card(b.progress(), card), DatabaseUnavailable);
    CHECK_THROWS_AS(b.accounts().create(NewAccount{"bo@example.com", "h", "end-user"}),
                    DatabaseUnavailable);
    CHECK(b.accounts().find_by_id(user)->email == "ada@example.com");
    CHECK(b.profiles().find_by_user(user)->total_ep == 0);

    read_only(false);
    CHECK(book_card(b.progress(), card).status == BookingStatus::booked);
    CHECK(b.accounts().create(NewAccount{"bo@example.com", "h", "end-user"}).has_value());
    CHECK(b.profiles().find_by_user(user)->total_ep == 5);
}

// The media store's own sessions (MEDIA_STORE=database) send their bytes through libpq itself:
// a server restart between two reads and two writes is met like any statement's, by one
// reconnect and a second try.
TEST_CASE("restart: the media store in the database reads and writes again after a restart",
          "[restart]") {
    const char* ctl = std::getenv("LL_TEST_PG_CTL");
    const char* dir = std::getenv("LL_TEST_PG_DIR");
    REQUIRE(ctl);
    REQUIRE(dir);
    auto db = test::make_test_database(1);
    SqlMediaStore media(db->url(), 2);
    const std::string before = media.put(std::string("\0before\xff", 8), "png");
    REQUIRE(media.read(before) == std::string("\0before\xff", 8));

    REQUIRE(std::system((std::string(ctl) + " restart " + dir).c_str()) == 0);

    // Both pooled sessions were cut: each meets it once, reconnects and answers.
    CHECK(media.read_part(before, 1, 6) == "before");
    CHECK(media.read(before) == std::string("\0before\xff", 8));
    const std::string after = media.put(std::string("\0after", 6), "ogg");
    CHECK(media.read(after) == std::string("\0after", 6));
    CHECK(media.read_part(after, 1, 100) == "after");
}
