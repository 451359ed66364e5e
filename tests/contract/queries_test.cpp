// The SQL in db/queries (adapters/persistence/queries.hpp): each file reads into named
// statements, both dialects know the same names, so a statement written for one dialect only
// cannot reach the other as "no statement named ..." at run time, and every statement prepares
// on its database (a misspelt column, or a parameter PostgreSQL cannot type, fails here and not
// first in the route that sends it).
#include <catch2/catch.hpp>

#include <soci/soci.h>

#include "adapters/persistence/database.hpp"
#include "adapters/persistence/queries.hpp"
#include "tests/support/instants.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;
using namespace ll::sql;

TEST_CASE("queries: a file reads into named statements", "[queries]") {
    const auto statements = statements_in(
        "-- A slice's header.\n\n-- name: first\nSELECT 1\nFROM t; \n-- why the second\n"
        "-- name:   second  \n  UPDATE t SET a = :a;\n");
    REQUIRE(statements.size() == 2);
    CHECK(statements[0] == std::pair<std::string, std::string>{"first", "SELECT 1\nFROM t"});
    CHECK(statements[1] == std::pair<std::string, std::string>{"second", "UPDATE t SET a = :a"});
    CHECK_THROWS_AS(statements_in("SELECT 1;\n-- name: late\nSELECT 2;"), std::logic_error);
    CHECK_THROWS_AS(statements_in("-- name: twice\nSELECT 1;\n-- name: twice\nSELECT 2;"),
                    std::logic_error);
    CHECK_THROWS_AS(statements_in("-- name: empty\n-- name: next\nSELECT 2;"), std::logic_error);
    CHECK_THROWS_AS(statements_in("-- name:\nSELECT 2;"), std::logic_error);
}

TEST_CASE("queries: both dialects know the same statements", "[queries]") {
    const auto postgresql = query_names(Dialect::postgresql);
    CHECK_FALSE(postgresql.empty());
    CHECK(postgresql == query_names(Dialect::sqlite));
    CHECK(query(Dialect::postgresql, "refresh_sessions.live_families_but").find("FOR UPDATE") !=
          std::string::npos);
    CHECK(query(Dialect::sqlite, "refresh_sessions.live_families_but").find("FOR UPDATE") ==
          std::string::npos);
    CHECK(query(Dialect::sqlite, "refresh_sessions.find_family") ==
          query(Dialect::postgresql, "refresh_sessions.find_family"));
    CHECK_THROWS_AS(query(Dialect::sqlite, "refresh_sessions.no_such"), std::logic_error);
}

TEST_CASE("queries: every statement prepares on the database", "[sql][queries]") {
    auto db = test::make_test_database();
    Database raw(parse_database_url(db->url()), 1);
    const auto names = query_names(raw.dialect());
    REQUIRE_FALSE(names.empty());
    for (const auto& name : names) {
        INFO(name);
        // Preparing parses and plans the statement (PostgreSQL: PQprepare, which also types
        // every parameter; SQLite: sqlite3_prepare_v2) and runs nothing.
        CHECK_NOTHROW(raw.read([&](soci::session& s) {
            soci::statement st = (s.prepare << query(raw.dialect(), name));
        }));
    }
}

// PostgreSQL prints a TIMESTAMPTZ cast to text in the session's DateStyle and time zone; a server
// or database set to another style ("SQL, DMY": "25/11/2026 08:00:00.123 UTC") or zone must not
// make every stored instant unreadable or shifted (Database::configure sets ISO and UTC for its
// sessions).
TEST_CASE("queries: instants read back whatever DateStyle and zone the database sets",
          "[sql][queries]") {
    auto db = test::make_test_database();
    if (db->name() != "postgresql") return;  // SQLite keeps the text as written
    {
        Database raw(parse_database_url(db->url()), 1);
        raw.read([](soci::session& s) {
            std::string name;
            s << "SELECT current_database()", soci::into(name);
            s << "ALTER DATABASE \"" + name + "\" SET DateStyle = 'SQL, DMY'";
            s << "ALTER DATABASE \"" + name + "\" SET TimeZone = 'Asia/Kathmandu'";
        });
    }
    const auto backend = test::open_again(*db);  // new sessions: the database's settings
    const Id user = backend->accounts().create(NewAccount{"ed@example.com", "h", "editor"})->id;
    const Timestamp t0 = test::at("2026-11-25T08:00:00.123Z");
    backend->refresh_sessions().open(
        RefreshFamily{"family-1", user, "app", t0, t0, t0 + std::chrono::hours(1), std::nullopt},
        "digest-1");
    const auto family = backend->refresh_sessions().find_family("family-1");
    REQUIRE(family);
    CHECK(family->created_at == t0);
    backend->staff_sessions().create(
        StaffSession{"session-1", user, t0, t0 + std::chrono::hours(12), std::nullopt});
    const auto session = backend->staff_sessions().find("session-1");
    REQUIRE(session);
    CHECK(session->expires_at == t0 + std::chrono::hours(12));
    // The content store's too (db/queries/content_*.sql).
    Picture picture;
    picture.status = "draft";
    picture.objects_created_at = t0;
    picture.created_at = t0;
    picture.updated_at = t0 + std::chrono::hours(1);
    backend->content().write([&](ContentTx& tx) { picture.id = tx.insert_picture(picture).id; });
    backend->content().read([&](ContentTx& tx) {
        const auto stored = tx.picture(picture.id);
        REQUIRE(stored);
        CHECK(stored->objects_created_at == t0);
        CHECK(stored->created_at == t0);
        CHECK(stored->updated_at == t0 + std::chrono::hours(1));
    });
}
