#include <catch2/catch.hpp>

#include <soci/soci.h>

#include "adapters/persistence/database.hpp"
#include "adapters/persistence/migrations.hpp"
#include "adapters/persistence/sql_backend.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

TEST_CASE("migrations: a fresh database is current, applying again is a no-op",
          "[sql][migrations]") {
    auto db = test::make_test_database();  // migrated on creation
    CHECK(db->backend().ready());
    CHECK(apply_migrations(db->url()) == 0);
    CHECK(apply_migrations(db->url()) == 0);
    sql::Database raw(sql::parse_database_url(db->url()), 1);
    CHECK(sql::migrations_current(raw));
    const auto expected = sql::migrations_for(raw.dialect());
    REQUIRE(expected.size() >= 2);
    const int recorded = raw.read([](soci::session& s) {
        int n = 0;
        s << "SELECT COUNT(*) FROM schema_migrations", soci::into(n);
        return n;
    });
    CHECK(recorded == static_cast<int>(expected.size()));
    // The seeds ran once: three languages, ten achievements.
    const int languages = raw.read([](soci::session& s) {
        int n = 0;
        s << "SELECT COUNT(*) FROM languages", soci::into(n);
        return n;
    });
    CHECK(languages == 3);
}

TEST_CASE("migrations: an empty database is not ready until migrated", "[sql][migrations]") {
    auto db = test::make_test_database();
    sql::Database raw(sql::parse_database_url(db->url()), 1);
    raw.read([](soci::session& s) {
        s << "DELETE FROM schema_migrations WHERE version = '0002_seed.sql'";
    });
    CHECK_FALSE(db->backend().ready());
    // 0002 is re-applied (its inserts now conflict with the rows already there): it must fail
    // as a whole and leave the record absent, not half-apply.
    CHECK_THROWS(apply_migrations(db->url()));
    CHECK_FALSE(db->backend().ready());
}

TEST_CASE("backend: a bad DATABASE_URL is refused with the variable's name", "[sql]") {
    CHECK_THROWS_WITH(SqlBackend(SqlBackendOptions{"mysql://x", 1, false}),
                      Catch::Contains("DATABASE_URL"));
    CHECK_THROWS_WITH(SqlBackend(SqlBackendOptions{"sqlite://", 1, false}),
                      Catch::Contains("DATABASE_URL"));
    CHECK_THROWS_WITH(SqlBackend(SqlBackendOptions{"postgresql://h:12x/db", 1, false}),
                      Catch::Contains("DATABASE_URL"));
}

TEST_CASE("backend: an unreachable PostgreSQL is DatabaseUnavailable", "[sql]") {
    CHECK_THROWS_AS(SqlBackend(SqlBackendOptions{"postgresql://nobody@127.0.0.1:1/none", 1, false}),
                    DatabaseUnavailable);
}
