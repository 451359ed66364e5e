// GET /media/:name over a real socket: content types, ETag and If-None-Match, byte ranges
// (RFC 9110 14), names that are not media names. On the folder store, and in http_media_database
// on the database store (MEDIA_STORE=database).
#include "tests/http/support/api.hpp"

#include <cstdlib>
#include <fstream>
#include <string_view>

#include "adapters/http/server/conditional.hpp"
#include "adapters/persistence/sql_media_store.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// 0, 1, ..., 255, 0, 1, ... so every slice is recognisable.
std::string pattern_bytes(std::size_t n) {
    std::string out(n, '\0');
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>(i & 0xFF);
    return out;
}

Reply get_with(HttpClient& c, const std::string& target,
               const std::map<std::string, std::string>& headers) {
    return c.call("GET", target, {}, headers);
}

}  // namespace

TEST_CASE("media: 200 with the bytes, type, ETag and caching headers", "[http][media]") {
    Api api;
    auto& c = api.client;
    // http_media_database runs this suite on the database store: make sure it does.
    const char* store = std::getenv("LL_TEST_MEDIA_STORE");
    if (store && std::string_view(store) == "database")
        REQUIRE(dynamic_cast<SqlMediaStore*>(&api.server.media) != nullptr);
    const std::string bytes = pattern_bytes(1000);
    struct Case {
        std::string extension, type;
    };
    for (const auto& [extension, type] :
         {Case{"png", "image/png"}, Case{"jpg", "image/jpeg"}, Case{"jpeg", "image/jpeg"},
          Case{"webp", "image/webp"}, Case{"wav", "audio/wav"}, Case{"ogg", "audio/ogg"},
          Case{"opus", "audio/ogg"}, Case{"mp3", "audio/mpeg"},
          Case{"bin", "application/octet-stream"}}) {
        INFO(extension);
        const std::string name = api.server.media.put(bytes, extension);
        const Reply r = c.get(media_url(name));
        CHECK(r.status == 200);
        CHECK(r.body == bytes);
        CHECK(r.header("content-type") == type);
        CHECK(r.header("content-length") == "1000");
        CHECK(r.header("etag") == "\"" + name + "\"");
        CHECK(r.header("cache-control") == "public, max-age=31536000, immutable");
        CHECK(r.header("accept-ranges") == "bytes");
        CHECK(r.header("content-range").empty());
        // A browser takes the declared type: an upload is never sniffed into a page.
        CHECK(r.header("x-content-type-options") == "nosniff");
    }
    // No token needed, and an empty file is served too.
    const std::string empty = api.server.media.put("", "png");
    const Reply r = c.get(media_url(empty));
    CHECK(r.status == 200);
    CHECK(r.body.empty());
}

TEST_CASE("media: HEAD gives the headers of GET and no body, on a kept connection",
          "[http][media]") {
    Api api;
    auto& c = api.client;
    const std::string name = api.server.media.put(pattern_bytes(1500), "png");
    const Reply head = c.call("HEAD", media_url(name));
    CHECK(head.status == 200);
    CHECK(head.body.empty());
    CHECK(head.header("content-length") == "1500");
    CHECK(head.header("content-type") == "image/png");
    CHECK(head.header("etag") == "\"" + name + "\"");
    // A range too: 206 with its Content-Range and length, still no body.
    const Reply part = c.call("HEAD", media_url(name), {}, {{"Range", "bytes=100-199"}});
    CHECK(part.status == 206);
    CHECK(part.body.empty());
    CHECK(part.header("content-length") == "100");
    CHECK(part.header("content-range") == "bytes 100-199/1500");
    // The connection is still in step: the next request on it gets its own answer.
    const Reply get = c.get(media_url(name));
    CHECK(get.status == 200);
    CHECK(get.body.size() == 1500);
    CHECK(c.call("HEAD", "/media/unknown.png").status == 404);
    CHECK(c.call("HEAD", "/livez").status == 200);
}

TEST_CASE("media: If-None-Match gives 304 without a body", "[http][media]") {
    Api api;
    auto& c = api.client;
    const std::string name = api.server.media.put(pattern_bytes(300), "webp");
    const std::string url = media_url(name), etag = "\"" + name + "\"";
    const std::string other = "\"" + std::string(64, 'a') + ".webp\"";
    for (const std::string& header : std::vector<std::string>{
             etag, "W/" + etag, "*", other + ", " + etag, other + "," + etag + " ", "  " + etag}) {
        INFO(header);
        const Reply r = get_with(c, url, {{"If-None-Match", header}});
        CHECK(r.status == 304);
        CHECK(r.body.empty());
        CHECK(r.header("etag") == etag);
        CHECK(r.header("cache-control") == "public, max-age=31536000, immutable");
    }
    for (const std::string& header :
         std::vector<std::string>{other, "\"" + name, name, other + ", W/x"}) {
        INFO(header);
        const Reply r = get_with(c, url, {{"If-None-Match", header}});
        CHECK(r.status == 200);
        CHECK(r.body.size() == 300);
    }
    // If-None-Match wins over Range (RFC 9110 13.2.2).
    CHECK(get_with(c, url, {{"If-None-Match", etag}, {"Range", "bytes=0-9"}}).status == 304);
}

TEST_CASE("media: single byte ranges give 206 with Content-Range", "[http][media]") {
    Api api;
    auto& c = api.client;
    const std::string bytes = pattern_bytes(1000);
    const std::string url = media_url(api.server.media.put(bytes, "mp3"));
    struct Case {
        std::string range;
        std::size_t first, last;
    };
    for (const auto& [range, first, last] : {
             Case{"bytes=0-0", 0, 0},
             Case{"bytes=0-99", 0, 99},
             Case{"bytes=500-999", 500, 999},
             Case{"bytes=990-5000", 990, 999},  // the end is clamped to the file
             Case{"bytes=999-", 999, 999},
             Case{"bytes=100-", 100, 999},
             Case{"bytes=-1", 999, 999},
             Case{"bytes=-10", 990, 999},
             Case{"bytes=-1000", 0, 999},
             Case{"bytes=-99999", 0, 999},  // longer than the file: all of it
             Case{"bytes=0-99999999999999999999999", 0, 999},
             Case{"BYTES=10-19", 10, 19},  // the unit is case-insensitive
             Case{"bytes= 10-19 ", 10, 19},
         }) {
        INFO(range);
        const Reply r = get_with(c, url, {{"Range", range}});
        CHECK(r.status == 206);
        CHECK(r.body == bytes.substr(first, last - first + 1));
        CHECK(r.header("content-range") ==
              "bytes " + std::to_string(first) + "-" + std::to_string(last) + "/1000");
        CHECK(r.header("content-length") == std::to_string(last - first + 1));
        CHECK(r.header("content-type") == "audio/mpeg");
        CHECK(r.header("etag").size() == 2 + 64 + 4);
        CHECK(r.header("accept-ranges") == "bytes");
    }
}

// docs/accounts.md "Compressed answers": a file that offers byte ranges is sent as stored, even
// of a text type and to a client that accepts gzip, so Content-Range and If-Range keep speaking of
// its bytes.
TEST_CASE("media: text media are never compressed, whole or in ranges", "[http][media][gzip]") {
    Api api;
    // The app's media are pictures and audio; an SVG is no documented type (docs/openapi.yaml),
    // so these answers are not recorded for the document's check.
    HttpClient c(api.server.port(), RecordTo::none);
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\">";
    while (svg.size() < 4096) svg += "<rect width=\"1\" height=\"1\"/>";
    svg += "</svg>";
    const std::string url = media_url(api.server.media.put(svg, "svg"));
    const Reply whole = get_with(c, url, {{"Accept-Encoding", "gzip"}});
    CHECK(whole.status == 200);
    CHECK(whole.header("content-type") == "image/svg+xml");
    CHECK(whole.header("content-encoding").empty());
    CHECK(whole.body == svg);
    const Reply part = get_with(c, url, {{"Accept-Encoding", "gzip"}, {"Range", "bytes=0-2047"}});
    CHECK(part.status == 206);
    CHECK(part.header("content-encoding").empty());
    CHECK(part.body == svg.substr(0, 2048));
    CHECK(part.header("etag") == whole.header("etag"));
}

TEST_CASE("media: unsatisfiable ranges give 416 with the size", "[http][media]") {
    Api api;
    auto& c = api.client;
    const std::string url = media_url(api.server.media.put(pattern_bytes(1000), "ogg"));
    for (const std::string range : {"bytes=1000-", "bytes=1000-1005", "bytes=5000-6000", "bytes=-0",
                                    "bytes=99999999999999999999-"}) {
        INFO(range);
        const Reply r = get_with(c, url, {{"Range", range}});
        CHECK(r.status == 416);
        CHECK(r.body.empty());
        CHECK(r.header("content-range") == "bytes */1000");
    }
    // On an empty file every range is unsatisfiable.
    const std::string empty = media_url(api.server.media.put("", "ogg"));
    for (const std::string range : {"bytes=0-", "bytes=-5", "bytes=0-0"}) {
        INFO(range);
        const Reply r = get_with(c, empty, {{"Range", range}});
        CHECK(r.status == 416);
        CHECK(r.header("content-range") == "bytes */0");
    }
}

TEST_CASE("media: malformed or multiple ranges are ignored (200)", "[http][media]") {
    Api api;
    auto& c = api.client;
    const std::string bytes = pattern_bytes(1000);
    const std::string url = media_url(api.server.media.put(bytes, "wav"));
    for (const std::string range :
         {"bytes=0-9,20-29", "bytes=-5,0-1", "bytes=9-0", "bytes=", "bytes=-", "bytes=a-b",
          "bytes=1-2-3", "bytes=+1-2", "bytes=0x10-", "items=0-9", "0-9", "bytes 0-9", "bytes=--5",
          "bytes=5"}) {
        INFO(range);
        const Reply r = get_with(c, url, {{"Range", range}});
        CHECK(r.status == 200);
        CHECK(r.body == bytes);
        CHECK(r.header("content-range").empty());
    }
}

TEST_CASE("media: If-Range applies the range only for the current ETag", "[http][media]") {
    Api api;
    auto& c = api.client;
    const std::string bytes = pattern_bytes(1000);
    const std::string name = api.server.media.put(bytes, "png");
    const std::string url = media_url(name), etag = "\"" + name + "\"";
    const Reply same = get_with(c, url, {{"Range", "bytes=0-9"}, {"If-Range", etag}});
    CHECK(same.status == 206);
    CHECK(same.body == bytes.substr(0, 10));
    // Another tag, a weak tag (If-Range compares strongly) or a date: the whole file.
    for (const std::string& if_range :
         std::vector<std::string>{"\"" + std::string(64, 'b') + ".png\"", "W/" + etag,
                                  "Tue, 15 Nov 1994 08:12:31 GMT"}) {
        INFO(if_range);
        const Reply r = get_with(c, url, {{"Range", "bytes=0-9"}, {"If-Range", if_range}});
        CHECK(r.status == 200);
        CHECK(r.body == bytes);
    }
    // Without a match even an unsatisfiable range is ignored.
    CHECK(get_with(c, url, {{"Range", "bytes=5000-"}, {"If-Range", "\"x\""}}).status == 200);
}

TEST_CASE("media: unknown and unsafe names are 404", "[http][media]") {
    Api api;
    auto& c = api.client;
    const std::string name = api.server.media.put("secret", "png");
    // A file in the media folder that is not a media name is not served either.
    std::ofstream(api.server.media_dir + "/plain.png") << "plain";
    for (const std::string& target : std::vector<std::string>{
             "/media/" + std::string(64, 'a') + ".png", "/media/plain.png", "/media/.hidden",
             "/media/..%2Fsecret", "/media/..%2F" + name, "/media/%2Fetc%2Fpasswd",
             "/media/" + name.substr(0, 64), "/media/" + name + "%00", "/media/x." + name}) {
        INFO(target);
        const Reply r = c.get(target);
        CHECK(r.status == 404);
        CHECK(r.error() == "Not found");
    }
    CHECK(c.get("/media/" + name).status == 200);
    // More path segments are another route: 404 too.
    CHECK(c.get("/media/x/" + name).status == 404);
    CHECK(c.get("/media/../media/" + name).status == 404);
}

TEST_CASE("media: range parsing edge cases", "[http][media][unit]") {
    using http::parse_range;
    using http::RangeRequest;
    const auto partial = [](std::string_view header, std::uint64_t total, std::uint64_t first,
                            std::uint64_t last) {
        const RangeRequest r = parse_range(header, total);
        return r.kind == RangeRequest::partial && r.range.first == first && r.range.last == last;
    };
    CHECK(partial("bytes=0-", 1, 0, 0));
    CHECK(partial("bytes=18446744073709551614-18446744073709551615", 18446744073709551615u,
                  18446744073709551614u, 18446744073709551614u));
    CHECK(partial("bytes=-18446744073709551616", 10, 0, 9));  // saturates, no overflow
    CHECK(parse_range("bytes=0-", 0).kind == RangeRequest::unsatisfiable);
    CHECK(parse_range("bytes=0-9 , 10-19", 100).kind == RangeRequest::whole);
    CHECK(parse_range("", 100).kind == RangeRequest::whole);
    CHECK(parse_range("=", 100).kind == RangeRequest::whole);
    CHECK(http::if_none_match("\"a\", W/\"b\"", "\"b\""));
    CHECK_FALSE(http::if_none_match("", "\"b\""));
    CHECK_FALSE(http::if_none_match(" , ,", "\"b\""));
    CHECK(http::if_range_matches(" \"b\" ", "\"b\""));
    CHECK_FALSE(http::if_range_matches("W/\"b\"", "\"b\""));
}
