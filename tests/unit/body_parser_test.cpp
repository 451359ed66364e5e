// Request bodies read straight into LooseValues (adapters/http/json/body_parser.hpp): what
// boost::json::parse accepts, the tree it would give. fuzz/json_body_fuzz.cpp compares the two on
// generated inputs; these are the cases a reader checks by eye.
#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "adapters/http/json/body_parser.hpp"

using ll::LooseValue;
using ll::http::parse_body;
using ll::http::parse_json;
using Kind = LooseValue::Kind;

TEST_CASE("a body's scalars arrive as the core reads them", "[body]") {
    const auto v =
        parse_body(R"({"s":"h\u00e9 \"x\"","i":-42,"d":0.5,"e":1E2,"t":true,"f":false,"n":null,)"
                   R"("big":18446744073709551615,"max":9223372036854775807,"z":-0})");
    REQUIRE(v);
    CHECK((*v)["s"].string == "h\xc3\xa9 \"x\"");
    CHECK((*v)["i"].kind == Kind::integer);
    CHECK((*v)["i"].integer == -42);
    CHECK((*v)["d"].kind == Kind::number);
    CHECK((*v)["d"].number == 0.5);
    CHECK((*v)["e"].kind == Kind::number);
    CHECK((*v)["e"].number == 100.0);
    CHECK((*v)["t"].kind == Kind::boolean);
    CHECK((*v)["t"].boolean);
    CHECK_FALSE((*v)["f"].boolean);
    CHECK((*v)["n"].kind == Kind::null);
    // Past int64: a number, as boost::json keeps it (a uint64) and the core reads it.
    CHECK((*v)["big"].kind == Kind::number);
    CHECK((*v)["big"].number == 18446744073709551615.0);
    CHECK((*v)["max"].kind == Kind::integer);
    CHECK((*v)["max"].integer == 9223372036854775807);
    CHECK((*v)["z"].kind == Kind::integer);
    CHECK((*v)["z"].integer == 0);
    CHECK((*v)["absent"].kind == Kind::missing);
}

TEST_CASE("nested values keep their order and their keys", "[body]") {
    const auto v =
        parse_body(R"({"items":[{"pair_id":1,"x":[]},{"pair_id":2}],"o":{"a":{"b":[1,[2]]}}})");
    REQUIRE(v);
    const auto& items = (*v)["items"];
    REQUIRE(items.kind == Kind::array);
    REQUIRE(items.items.size() == 2);
    CHECK(items.items[0]["pair_id"].integer == 1);
    CHECK(items.items[0]["x"].kind == Kind::array);
    CHECK(items.items[0]["x"].items.empty());
    CHECK(items.items[1]["pair_id"].integer == 2);
    const auto& b = (*v)["o"]["a"]["b"];
    REQUIRE(b.items.size() == 2);
    CHECK(b.items[1].items.at(0).integer == 2);
    REQUIRE(v->members.size() == 2);
    CHECK(v->members[0].first == "items");
    CHECK(v->members[1].first == "o");
}

TEST_CASE("a repeated key keeps its last value in the place of its first", "[body]") {
    const auto v = parse_body(R"({"a":1,"b":2,"a":3,"c":4,"b":{"x":5}})");
    REQUIRE(v);
    REQUIRE(v->members.size() == 3);
    CHECK(v->members[0].first == "a");
    CHECK(v->members[0].second.integer == 3);
    CHECK(v->members[1].first == "b");
    CHECK(v->members[1].second["x"].integer == 5);
    CHECK(v->members[2].first == "c");

    // The same in an object of many keys (read through a table, not pair by pair).
    std::string many = "{";
    for (int i = 0; i < 40; ++i)
        many += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    many += "\"k7\":\"last\",\"k39\":null}";
    const auto m = parse_body(many);
    REQUIRE(m);
    REQUIRE(m->members.size() == 40);
    CHECK(m->members[7].first == "k7");
    CHECK(m->members[7].second.string == "last");
    CHECK(m->members[39].second.kind == Kind::null);
    CHECK(m->members[8].second.integer == 8);

    // A key three times among many, and keys sent out of order: each keeps its first place.
    std::string thrice = "{";
    for (int i = 30; i > 0; --i)
        thrice += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    thrice += "\"k20\":\"second\",\"k5\":[],\"k20\":\"third\"}";
    const auto t = parse_body(thrice);
    REQUIRE(t);
    REQUIRE(t->members.size() == 30);
    CHECK(t->members[0].first == "k30");
    CHECK(t->members[10].first == "k20");
    CHECK(t->members[10].second.string == "third");
    CHECK(t->members[25].first == "k5");
    CHECK(t->members[25].second.kind == Kind::array);
    CHECK(t->members[29].first == "k1");
    CHECK(t->members[29].second.integer == 1);
}

TEST_CASE("what is not one JSON object is refused", "[body]") {
    for (const char* text :
         {"", " ", "[]", "1", "\"s\"", "null", "{", "{\"a\":1,}", "{\"a\":1} x", "{\"a\":1}{}",
          "{'a':1}", "{\"a\":01}", "{\"a\":1 /* c */}", "{\"a\":\"\xff\"}", "{\"a\":NaN}"}) {
        INFO(text);
        CHECK_FALSE(parse_body(text));
    }
    CHECK(parse_body(" {\"a\":1} \n"));  // white space around the document is JSON's
    CHECK(parse_json("[1]"));
    CHECK(parse_json("[1]")->kind == Kind::array);
}

TEST_CASE("nesting is bounded: 32 levels are read, 33 refused", "[body]") {
    const auto nested = [](int depth) {
        // The object itself is one level; each array inside it one more.
        return "{\"a\":" + std::string(depth - 1, '[') + std::string(depth - 1, ']') + "}";
    };
    CHECK(parse_body(nested(32)));
    CHECK_FALSE(parse_body(nested(33)));
    CHECK_FALSE(parse_body(std::string(100000, '[')));
}
