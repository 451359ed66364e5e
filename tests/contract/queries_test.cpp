// The SQL in db/queries (adapters/persistence/queries.hpp): each file reads into named
// statements, both dialects know the same names, so a statement written for one dialect only
// cannot reach the other as "no statement named ..." at run time, and every statement prepares
// on its database (a misspelt column, or a parameter PostgreSQL cannot type, fails here and not
// first in the route that sends it).
#include <catch2/catch.hpp>

#include <soci/soci.h>

#include "adapters/persistence/database.hpp"
#include "adapters/persistence/queries.hpp"
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
