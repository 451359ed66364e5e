// DATABASE_URL as libpq reads it (docs/operations.md "Connection strings"): every URI form,
// multi-host lists included, becomes keyword=value pairs with the services' defaults where the
// URL is silent; a bad one names the variable and never shows the password.
#include <catch2/catch.hpp>

#include "adapters/persistence/database_url.hpp"

using ll::sql::parse_database_url;

namespace {
std::string connect_of(const std::string& url) {
    return parse_database_url(url).connect;
}
std::string refusal_of(const std::string& url) {
    try {
        parse_database_url(url);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("DATABASE_URL: a multi-host list with parameters reaches libpq whole", "[url]") {
    const auto target = parse_database_url(
        "postgresql://app:s%40cret@h1:5432,h2:5433,[::1]:5434/langlearn"
        "?target_session_attrs=read-write&connect_timeout=3&sslmode=prefer");
    CHECK(target.dialect == ll::sql::Dialect::postgresql);
    const auto& c = target.connect;
    CHECK_THAT(c, Catch::Contains("host='h1,h2,::1'"));
    CHECK_THAT(c, Catch::Contains("port='5432,5433,5434'"));
    CHECK_THAT(c, Catch::Contains("user='app'"));
    CHECK_THAT(c, Catch::Contains("password='s@cret'"));
    CHECK_THAT(c, Catch::Contains("dbname='langlearn'"));
    CHECK_THAT(c, Catch::Contains("target_session_attrs='read-write'"));
    CHECK_THAT(c, Catch::Contains("sslmode='prefer'"));
    // The URL's own connect_timeout wins over the default, once.
    CHECK_THAT(c, Catch::Contains("connect_timeout='3'"));
    CHECK(c.find("connect_timeout='5'") == std::string::npos);
}

TEST_CASE("DATABASE_URL: defaults where the URL is silent, quoting of odd values", "[url]") {
    const auto c = connect_of("postgres://u:it's%5Cme@db.example/app");
    CHECK_THAT(c, Catch::Contains("password='it\\'s\\\\me'"));
    CHECK_THAT(c, Catch::Contains("connect_timeout='5'"));
    CHECK_THAT(c, Catch::Contains("keepalives_idle='30'"));
    CHECK_THAT(c, Catch::Contains("host='db.example'"));
    // Hosts given as query parameters (a Unix socket folder, say) are libpq's too.
    CHECK_THAT(connect_of("postgresql:///app?host=/run/postgresql"),
               Catch::Contains("host='/run/postgresql'"));
}

TEST_CASE("DATABASE_URL: a bad one names the variable and hides the password", "[url]") {
    CHECK_THAT(refusal_of("mysql://x"), Catch::StartsWith("DATABASE_URL: expected sqlite://"));
    CHECK_THAT(refusal_of("sqlite://"), Catch::StartsWith("DATABASE_URL:"));
    CHECK_THAT(refusal_of("postgresql://u:pw@h:12x/db"),
               Catch::StartsWith("DATABASE_URL: a port is not a number"));
    CHECK_THAT(refusal_of("postgresql://u:pw@h1:5432,h2:99999/db"),
               Catch::StartsWith("DATABASE_URL: a port is not a number"));
    CHECK_THAT(refusal_of("postgresql://u:pw@h/db?no_such_option=1"),
               Catch::StartsWith("DATABASE_URL: libpq cannot read it"));
    const auto bad_escape = refusal_of("postgresql://u:top%zzsecret@h/db");
    CHECK_THAT(bad_escape, Catch::StartsWith("DATABASE_URL: libpq cannot read it"));
    CHECK(bad_escape.find("secret") == std::string::npos);
    CHECK(bad_escape.find('\n') == std::string::npos);
}
