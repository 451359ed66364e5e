// The request-target parser alone (adapters/http/server/request_target.hpp): %XX decoding, '+' as a
// space in the query only, cut or invalid sequences kept as sent, the first value of a repeated
// key. fuzz/request_target_fuzz.cpp throws hostile bytes at the same functions.
#include <catch2/catch.hpp>

#include "adapters/http/server/request_target.hpp"

using namespace ll::http;

namespace {
Request split(std::string_view target) {
    Request r;
    split_target(target, r);
    return r;
}
}  // namespace

TEST_CASE("percent_decode: %XX in either case, '+' only when asked", "[request_target]") {
    CHECK(percent_decode("%41%62%2f%2F%25", false) == "Ab//%");
    CHECK(percent_decode("%00", false) == std::string(1, '\0'));
    CHECK(percent_decode("%C3%A4", false) == "\xC3\xA4");
    CHECK(percent_decode("a+b%2B", false) == "a+b+");
    CHECK(percent_decode("a+b%2B", true) == "a b+");
    CHECK(percent_decode("", true).empty());
}

TEST_CASE("percent_decode: invalid and cut sequences are kept as sent", "[request_target]") {
    CHECK(percent_decode("%zz%4g%", false) == "%zz%4g%");
    CHECK(percent_decode("ab%4", false) == "ab%4");
    CHECK(percent_decode("ab%", true) == "ab%");
    CHECK(percent_decode("%%41", false) == "%A");
    CHECK(percent_decode("100%", false) == "100%");
}

TEST_CASE("split_target: decoded path, '+' stays in the path", "[request_target]") {
    const Request r = split("/media/a+b%20c%2Fd");
    CHECK(r.path == "/media/a+b c/d");
    CHECK(r.query.empty());
    CHECK(split("/auth/me?").path == "/auth/me");
    CHECK(split("/auth/me?").query.empty());
}

TEST_CASE("split_target: query pairs decoded, first value wins", "[request_target]") {
    const Request r = split("/feed?lang=sv&limit=5&lang=de&q=a+b%26c%3Dd&flag&=v&&e=");
    CHECK(r.path == "/feed");
    CHECK(
        r.query ==
        std::map<std::string, std::string>{
            {"lang", "sv"}, {"limit", "5"}, {"q", "a b&c=d"}, {"flag", ""}, {"", "v"}, {"e", ""}});
    // Only the first '?' splits; later ones belong to the query.
    CHECK(split("/p?a=1?2").query.at("a") == "1?2");
    // Keys are decoded too, and decoded keys that collide keep the first value.
    CHECK(split("/p?user+name=x&user%20name=y").query.at("user name") == "x");
}
