#include <catch2/catch.hpp>

#include <soci/postgresql/soci-postgresql.h>
#include <soci/soci.h>

#include <chrono>
#include <exception>
#include <string>
#include <thread>

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

namespace {

int count_of(sql::Database& db, const std::string& query) {
    return db.read([&](soci::session& s) {
        int n = 0;
        s << query, soci::into(n);
        return n;
    });
}

}  // namespace

TEST_CASE("migrations: two runners at once apply each migration once (PostgreSQL)",
          "[sql][migrations]") {
    auto db = test::make_test_database();
    if (db->name() != "postgresql") return;  // SQLite: one writer at a time anyway
    sql::Database raw(sql::parse_database_url(db->url()), 1);
    raw.write([](soci::session& s) {
        s << "DROP SCHEMA public CASCADE";
        s << "CREATE SCHEMA public";
    });
    const int all = static_cast<int>(sql::migrations_for(raw.dialect()).size());

    int applied[2] = {0, 0};
    std::exception_ptr failed[2];
    auto run = [&](int i) {
        try {
            sql::Database runner(sql::parse_database_url(db->url()), 1);
            applied[i] = sql::migrate(runner);
        } catch (...) {
            failed[i] = std::current_exception();
        }
    };
    std::thread other(run, 1);
    run(0);
    other.join();
    for (const auto& f : failed) CHECK_FALSE(f);
    CHECK(applied[0] + applied[1] == all);
    CHECK(count_of(raw, "SELECT COUNT(*) FROM schema_migrations") == all);
    CHECK(count_of(raw, "SELECT COUNT(*) FROM languages") == 3);  // the seed ran once
    CHECK(sql::migrations_current(raw));
}

TEST_CASE(
    "migrations: a table locked past lock_timeout fails the migration with one clear line, "
    "and it applies once the lock is gone (PostgreSQL)",
    "[sql][migrations]") {
    auto db = test::make_test_database();
    if (db->name() != "postgresql") return;
    sql::Database raw(sql::parse_database_url(db->url()), 1);
    // 0020 pending again: its columns gone, its record too.
    raw.write([](soci::session& s) {
        s << "ALTER TABLE categories DROP COLUMN titel_en, DROP COLUMN titel_sv";
        s << "DELETE FROM schema_migrations WHERE version = '0020_category_titles.sql'";
    });
    // A long reader holds the table: ALTER TABLE needs ACCESS EXCLUSIVE.
    soci::session reader(*soci::factory_postgresql(), sql::parse_database_url(db->url()).connect);
    reader << "BEGIN";
    reader << "LOCK TABLE categories IN ACCESS SHARE MODE";

    sql::Database runner(sql::parse_database_url(db->url()), 1);
    const sql::MigrateOptions quick{std::chrono::milliseconds(100), std::chrono::seconds(60), 3,
                                    std::chrono::milliseconds(20)};
    try {
        sql::migrate(runner, quick);
        FAIL("the migration ran although the table was locked");
    } catch (const sql::MigrationLocked& e) {
        const std::string line = e.what();
        CHECK(line.find("migration 0020_category_titles.sql:") == 0);
        CHECK(line.find("3 tries, 100 ms lock_timeout") != std::string::npos);
        CHECK(line.find('\n') == std::string::npos);
    }
    CHECK_FALSE(sql::migrations_current(runner));
    // Nothing of it was applied.
    CHECK(count_of(raw,
                   "SELECT COUNT(*) FROM information_schema.columns WHERE table_name = "
                   "'categories' AND column_name = 'titel_en'") == 0);

    reader << "COMMIT";
    CHECK(sql::migrate(runner, quick) == 1);
    CHECK(sql::migrations_current(runner));
    CHECK(count_of(raw, "SELECT COUNT(*) FROM categories WHERE titel_en = 'Animals'") == 1);
}

// Migration 0025 (docs/audio.md "Audio that follows its text"): an audio stored before it is
// taken to speak its item's text as it stands; one whose item is gone keeps NULL.
TEST_CASE("migrations: 0025 gives every stored audio the text of its field", "[sql][migrations]") {
    auto db = test::make_test_database();
    if (db->url().empty()) return;  // the memory store has no migrations
    sql::Database raw(sql::parse_database_url(db->url()), 1);
    const bool pg = raw.dialect() == sql::Dialect::postgresql;
    raw.write([&](soci::session& s) {
        s << "ALTER TABLE audios DROP COLUMN spoken_text";
        s << "DELETE FROM schema_migrations WHERE version = '0025_audio_spoken_text.sql'";
        s << "INSERT INTO statements (id, text_de, text_en) VALUES (7, 'Hund', 'dog')";
        s << "INSERT INTO questions (id, text_sv, short_answer_se) VALUES (8, 'Vad?', 'en hund')";
        if (pg)  // PostgreSQL keeps the case-folded title beside it (migration 0003)
            s << "INSERT INTO words (id, title_de, title_sv, title_de_key) "
                 "VALUES (9, 'Haus', 'hus', 'haus')";
        else
            s << "INSERT INTO words (id, title_de, title_sv) VALUES (9, 'Haus', 'hus')";
        const char* audios[][5] = {{"1", "statements", "7", "text_en", "en"},
                                   {"2", "questions", "8", "short_answer_se", "sv"},
                                   {"3", "words", "9", "title_sv", "sv"},
                                   {"4", "statements", "70", "text_de", "de"}};  // item gone
        for (const auto& a : audios)
            s << "INSERT INTO audios (id, source_table, source_id, source_field, language, "
                 "file_path, mime) VALUES ("
              << a[0] << ", '" << a[1] << "', " << a[2] << ", '" << a[3] << "', '" << a[4]
              << "', 'x.wav', 'audio/wav')";
    });
    CHECK(sql::migrate(raw) == 1);
    const auto spoken = [&](int id) {
        return raw.read([&](soci::session& s) {
            soci::indicator ind = soci::i_ok;
            std::string text;
            s << "SELECT spoken_text FROM audios WHERE id = " << id, soci::into(text, ind);
            return ind == soci::i_null ? std::string("NULL") : text;
        });
    };
    CHECK(spoken(1) == "dog");
    CHECK(spoken(2) == "en hund");
    CHECK(spoken(3) == "hus");
    CHECK(spoken(4) == "NULL");
}
