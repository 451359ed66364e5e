// Answer bodies as text (adapters/http/json/codec.hpp to_text): doubles as people write them,
// everything else exactly as Boost.JSON writes it.
#include <string>

#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include "adapters/http/json/codec.hpp"

namespace json = boost::json;
using ll::http::to_text;

TEST_CASE("doubles print without an exponent; strings and integers as they are", "[json-text]") {
    CHECK(to_text(json::value(0.5)) == "0.5");
    CHECK(to_text(json::value(1.0)) == "1");
    CHECK(to_text(json::value(-2.25)) == "-2.25");
    CHECK(to_text(json::value(0.0)) == "0");
    CHECK(to_text(json::value(1e-7)) == "1e-07");  // the shortest form that reads back
    CHECK(to_text(json::value(123456789.0)) == "123456789");
    CHECK(to_text(json::value(42)) == "42");

    // An 'E' in a string is no number, escaped quotes and backslashes included; a double after
    // such a string is still found.
    const json::value mixed = json::object{{"E", "1E0 \"E5\" \\"},
                                           {"s", 4.5},
                                           {"list", json::array{1.5, "2E1", -3, 0.25}},
                                           {"tail\\", "E"}};
    CHECK(to_text(mixed) ==
          R"({"E":"1E0 \"E5\" \\","s":4.5,"list":[1.5,"2E1",-3,0.25],"tail\\":"E"})");
    // No double at all: the text Boost.JSON wrote.
    const json::value plain = json::object{{"Eins", "E"}, {"n", 7}};
    CHECK(to_text(plain) == json::serialize(plain));
}
