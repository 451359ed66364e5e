// Pictures over HTTP (docs/spec/authoring.md "Routes", "State machines"): uploads with the type
// read from the bytes, the 10 MiB limit (also with Expect: 100-continue), JSON creation, the list
// filters and paging, PATCH, image replacement, the two finish transitions and deletion with
// everything that hangs on a picture.
#include <filesystem>

#include "core/app/authoring/pictures.hpp"
#include "core/domain/time_format.hpp"
#include "tests/http/authoring/support/raw_http.hpp"
#include "tests/http/authoring/support/reply_views.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"
#include "tests/http/authoring/support/staff_api.hpp"
#include "tests/unit/support/image_fixtures.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kPictures = "/api/pictures";

Reply upload(StaffApi& api, const std::string& bytes, const std::string& content_type,
             const std::string& query = "?title=Bild") {
    return api.send("POST", kPictures + query, bytes, content_type);
}

Id create_json(StaffApi& api, const std::string& status, const std::string& title = "Ohne Bild") {
    const Reply r =
        api.post(kPictures, R"({"title":")" + title + R"(","status":")" + status + R"("})");
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

std::size_t media_files(const StaffApi& api) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& f : std::filesystem::directory_iterator(api.media_dir)) ++n;
    return n;
}

std::string auth_line() {
    return std::string("Authorization: Bearer ") + kDevToken + "\r\n";
}

bool is_media_name(const std::string& name, const std::string& extension) {
    if (name.size() != 64 + 1 + extension.size()) return false;
    for (std::size_t i = 0; i < 64; ++i) {
        if (!std::isxdigit(static_cast<unsigned char>(name[i]))) return false;
    }
    return name.substr(64) == "." + extension;
}

// A PNG padded with zero bytes after IEND to exactly `size` bytes (still a PNG: readers stop
// at IEND, and detection reads the header).
std::string png_of_size(std::size_t size) {
    std::string bytes = solid_png(8, 8);
    REQUIRE(bytes.size() < size);
    bytes.resize(size, '\0');
    return bytes;
}

std::string now_text(StaffApi& api) {
    return format_timestamp(api.clock.now());
}

}  // namespace

TEST_CASE("pictures: PNG, JPEG and WebP uploads answer the picture and serve the exact bytes",
          "[authoring][pictures]") {
    StaffApi api;
    struct Sample {
        std::string name;
        std::string bytes;
        std::string content_type;
        std::string mime;
        std::string extension;
        int width;
        int height;
    };
    const std::vector<Sample> samples{
        {"png 1x1", solid_png(1, 1), "image/png", "image/png", "png", 1, 1},
        {"png 64x48", solid_png(64, 48), "image/png", "image/png", "png", 64, 48},
        {"png 1024x768", solid_png(1024, 768, {10, 20, 30}), "image/png", "image/png", "png", 1024,
         768},
        {"png 3x2 fixture", std::string(images::bytes(images::kPng3x2)), "image/png", "image/png",
         "png", 3, 2},
        {"jpeg baseline 5x3", std::string(images::bytes(images::kJpegBaseline5x3)), "image/jpeg",
         "image/jpeg", "jpg", 5, 3},
        {"jpeg progressive 4x7", std::string(images::bytes(images::kJpegProgressive4x7)),
         "image/jpeg", "image/jpeg", "jpg", 4, 7},
        {"jpeg sent as image/jpg", std::string(images::bytes(images::kJpegBaseline5x3)) + "x",
         "image/jpg", "image/jpeg", "jpg", 5, 3},
        {"webp lossy 6x4", std::string(images::bytes(images::kWebpLossy6x4)), "image/webp",
         "image/webp", "webp", 6, 4},
        {"webp lossless 3x2", std::string(images::bytes(images::kWebpLossless3x2)), "image/webp",
         "image/webp", "webp", 3, 2},
        {"webp extended 6x4", std::string(images::bytes(images::kWebpExtended6x4)), "image/webp",
         "image/webp", "webp", 6, 4},
        {"png with parameters in the Content-Type", solid_png(7, 9), "image/png; name=x.png",
         "image/png", "png", 7, 9},
        {"png as application/octet-stream", solid_png(9, 7), "application/octet-stream",
         "image/png", "png", 9, 7},
    };
    api.clock.advance(std::chrono::seconds(5));
    for (const auto& s : samples) {
        const Reply r = upload(api, s.bytes, s.content_type);
        INFO(s.name << ": " << text(r));
        REQUIRE(r.status == 201);
        CHECK(r.json.at("id").as_int64() > 0);
        CHECK(field(r, "status") == "draft");
        CHECK(field(r, "title") == "Bild");
        CHECK(field(r, "image_mime") == s.mime);
        CHECK(r.json.at("width").as_int64() == s.width);
        CHECK(r.json.at("height").as_int64() == s.height);
        CHECK(r.json.at("objects_created") == false);
        CHECK(r.json.at("objects_created_at").is_null());
        CHECK(field(r, "created_at") == now_text(api));
        CHECK(field(r, "updated_at") == now_text(api));
        const std::string path = field(r, "image_path");
        CHECK(is_media_name(path, s.extension));
        CHECK(field(r, "image_url") == "/media/" + path);
        // The file is public (no token) and exactly what was sent.
        const Reply file = api.get(field(r, "image_url"), std::string());
        CHECK(file.status == 200);
        CHECK(file.header("content-type") == s.mime);
        CHECK(file.body == s.bytes);
        // GET answers what POST answered.
        const Reply again = api.get(at(kPictures, r.json.at("id").as_int64()));
        CHECK(again.status == 200);
        CHECK(again.json == r.json);
    }
    CHECK(ids_of(api.get(kPictures + "?limit=200")).size() == samples.size());
}

TEST_CASE("pictures: the same bytes twice share one file", "[authoring][pictures]") {
    StaffApi api;
    const std::string bytes = solid_png(30, 20);
    const Reply a = upload(api, bytes, "image/png", "?title=Eins");
    const Reply b = upload(api, bytes, "image/png", "?title=Zwei");
    REQUIRE(a.status == 201);
    REQUIRE(b.status == 201);
    CHECK(a.json.at("id") != b.json.at("id"));
    CHECK(field(a, "image_path") == field(b, "image_path"));
    CHECK(field(b, "title") == "Zwei");
    CHECK(field(a, "thumbnail_url") == field(b, "thumbnail_url"));
    CHECK(field(a, "phone_url") == field(b, "phone_url"));
    // The image and its renditions, once; a small picture's two renditions are the same bytes
    // (neither is upscaled), so one file.
    CHECK(field(a, "thumbnail_url") == field(a, "phone_url"));
    CHECK(media_files(api) == 2);
    const Reply c = upload(api, solid_png(30, 21), "image/png");
    REQUIRE(c.status == 201);
    CHECK(field(c, "image_path") != field(a, "image_path"));
    CHECK(media_files(api) == 4);
}

TEST_CASE("pictures: the type comes from the bytes", "[authoring][pictures]") {
    StaffApi api;
    const std::string png = solid_png(10, 10);
    const std::string jpeg(images::bytes(images::kJpegBaseline5x3));
    const std::string webp(images::bytes(images::kWebpLossy6x4));
    struct Bad {
        std::string name;
        std::string bytes;
        std::string content_type;
        std::string error;
    };
    for (const auto& bad : std::vector<Bad>{
             {"png said jpeg", png, "image/jpeg",
              "image is image/png, but the Content-Type says image/jpeg"},
             {"jpeg said png", jpeg, "image/png",
              "image is image/jpeg, but the Content-Type says image/png"},
             {"webp said png", webp, "image/png",
              "image is image/webp, but the Content-Type says image/png"},
             {"png said gif", png, "image/gif",
              "image is image/png, but the Content-Type says image/gif"},
             {"text bytes said png", "just some text, not a picture", "image/png",
              "image must be a PNG, JPEG or WebP file"},
             {"text bytes said text", "just some text, not a picture", "text/plain",
              "image must be a PNG, JPEG or WebP file"},
             {"a GIF", "GIF89a\x01\x00\x01\x00\x80\x00\x00", "image/gif",
              "image must be a PNG, JPEG or WebP file"},
             {"a truncated PNG", png.substr(0, 20), "image/png",
              "image must be a PNG, JPEG or WebP file"},
             {"a PNG of width 0", std::string(images::bytes(images::kPngZeroWidth)), "image/png",
              "image must be a PNG, JPEG or WebP file"},
             {"empty", "", "image/png", "image is required"},
         }) {
        const Reply r = upload(api, bad.bytes, bad.content_type);
        INFO(bad.name << ": " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == bad.error);
    }
    CHECK(ids_of(api.get(kPictures)).empty());
    CHECK(media_files(api) == 0);

    SECTION("no Content-Type at all: PNG bytes are taken") {
        const RawReply r = raw_exchange(
            api.port(),
            "POST /api/pictures?title=Roh HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth_line() +
                "Content-Length: " + std::to_string(png.size()) + "\r\nConnection: close\r\n\r\n",
            png);
        INFO(r.body);
        CHECK(r.status == 201);
        const Reply list = api.get(kPictures);
        REQUIRE(list.json.as_array().size() == 1);
        CHECK(list.json.at(0).at("image_mime") == "image/png");
        CHECK(list.json.at(0).at("width") == 10);
        CHECK(list.json.at(0).at("title") == "Roh");
    }
    SECTION("no Content-Type and text bytes: 400") {
        const std::string body = "hello";
        const RawReply r = raw_exchange(api.port(),
                                        "POST /api/pictures HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                                            auth_line() + "Content-Length: 5\r\n\r\n",
                                        body);
        CHECK(r.status == 400);
        CHECK(r.body.find("image must be a PNG, JPEG or WebP file") != std::string::npos);
    }
}

TEST_CASE("pictures: at most 10 MiB", "[authoring][pictures]") {
    StaffApi api;
    REQUIRE(kMaxImageBytes == 10 * 1024 * 1024);

    SECTION("exactly 10 MiB is taken and served whole") {
        const std::string bytes = png_of_size(kMaxImageBytes);
        const Reply r = upload(api, bytes, "image/png");
        INFO(r.status << " " << r.body.substr(0, 200));
        REQUIRE(r.status == 201);
        CHECK(r.json.at("width") == 8);
        const Reply file = api.get(field(r, "image_url"), std::string());
        CHECK(file.status == 200);
        CHECK(file.body.size() == kMaxImageBytes);
        CHECK(file.body == bytes);
    }
    SECTION("more than the JSON limit (1 MiB) is fine for an image") {
        const std::string bytes = png_of_size(1024 * 1024 + 1);
        const Reply r = upload(api, bytes, "image/png");
        INFO(r.status << " " << r.body.substr(0, 200));
        REQUIRE(r.status == 201);
        CHECK(api.get(field(r, "image_url"), std::string()).body == bytes);
        const Reply put = api.send("PUT", at(kPictures, r.json.at("id").as_int64(), "/image"),
                                   png_of_size(3 * 1024 * 1024), "image/png");
        INFO(put.status << " " << put.body.substr(0, 200));
        CHECK(put.status == 200);
    }
    SECTION("10 MiB + 1 byte is 413 and nothing is stored") {
        const Reply r = upload(api, png_of_size(kMaxImageBytes + 1), "image/png");
        CHECK(r.status == 413);
        CHECK(r.error() == "Payload too large");
        CHECK(ids_of(api.get(kPictures)).empty());
        CHECK(media_files(api) == 0);
    }
    SECTION("PUT of 10 MiB + 1 byte is 413 and the image stays") {
        const Id id = api.picture(4, 4);
        const Reply before = api.get(at(kPictures, id));
        const Reply r = api.send("PUT", at(kPictures, id, "/image"),
                                 png_of_size(kMaxImageBytes + 1), "image/png");
        CHECK(r.status == 413);
        CHECK(r.error() == "Payload too large");
        CHECK(api.get(at(kPictures, id)).json == before.json);
    }
    SECTION("Expect: 100-continue with 10 MiB + 1 announced: 413 before the body is sent") {
        bool continued = true;
        const RawReply r = raw_expect_continue(
            api.port(),
            "POST /api/pictures HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth_line() +
                "Content-Type: image/png\r\nContent-Length: " + std::to_string(kMaxImageBytes + 1) +
                "\r\nExpect: 100-continue\r\n\r\n",
            png_of_size(kMaxImageBytes + 1), continued);
        CHECK_FALSE(continued);
        CHECK_FALSE(r.timed_out);
        CHECK(r.status == 413);
        CHECK(r.body.find("Payload too large") != std::string::npos);
        CHECK(ids_of(api.get(kPictures)).empty());
    }
    SECTION("Expect: 100-continue within the limit: 100 Continue, then 201") {
        const std::string bytes = solid_png(16, 9);
        bool continued = false;
        const RawReply r = raw_expect_continue(
            api.port(),
            "POST /api/pictures?title=Weiter HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth_line() +
                "Content-Type: image/png\r\nContent-Length: " + std::to_string(bytes.size()) +
                "\r\nExpect: 100-continue\r\n\r\n",
            bytes, continued);
        CHECK(continued);
        CHECK(r.status == 201);
        const Reply list = api.get(kPictures);
        REQUIRE(list.json.as_array().size() == 1);
        CHECK(list.json.at(0).at("width") == 16);
    }
    SECTION("a JSON body keeps the JSON limit (1 MiB)") {
        const std::string big = R"({"title":")" + std::string(1024 * 1024, 'a') + R"("})";
        const Reply r = api.send("POST", kPictures, big, "application/json");
        CHECK(r.status == 413);
        CHECK(r.error() == "Payload too large");
        CHECK(ids_of(api.get(kPictures)).empty());
    }
}

TEST_CASE("pictures: JSON creation without image", "[authoring][pictures]") {
    StaffApi api;
    const Reply r = api.post(kPictures, R"({"title":"Ohne Bild","status":"new","extra":1})");
    INFO(text(r));
    REQUIRE(r.status == 201);
    CHECK(field(r, "status") == "new");
    CHECK(field(r, "title") == "Ohne Bild");
    for (const char* empty : {"image_path", "image_url", "image_mime", "thumbnail_url", "phone_url",
                              "width", "height"}) {
        INFO(empty);
        CHECK(r.json.at(empty).is_null());
    }
    CHECK(r.json.at("objects_created") == false);

    const Reply draft = api.post(kPictures, "{}");
    REQUIRE(draft.status == 201);
    CHECK(field(draft, "status") == "draft");
    CHECK(draft.json.at("title").is_null());
    CHECK(field(api.post(kPictures, R"({"status":"draft"})"), "status") == "draft");

    for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
             {R"({"status":"objects_created"})", "status must be one of draft, new"},
             {R"({"status":"drawing_created"})", "status must be one of draft, new"},
             {R"({"status":"published"})", "status must be one of draft, new"},
             {R"({"status":1})", "status must be one of draft, new"},
             {R"({"title":5})", "title must be a string"},
             {R"({"title":")" + std::string(201, 'x') + R"("})",
              "title must be at most 200 characters"},
             {R"({"title":)", "Invalid JSON body"},
             {R"([1,2])", "Invalid JSON body"},
         }) {
        const Reply bad = api.send("POST", kPictures, body, "application/json");
        INFO(body << ": " << text(bad));
        CHECK(bad.status == 400);
        CHECK(bad.error() == error);
    }
    // An upload takes its status from the query.
    const Reply older = upload(api, solid_png(5, 5), "image/png", "?title=Alt&status=new");
    CHECK(older.status == 201);
    CHECK(field(older, "status") == "new");
    const Reply wrong = upload(api, solid_png(5, 5), "image/png", "?status=reviewed");
    CHECK(wrong.status == 400);
    CHECK(wrong.error() == "status must be one of draft, new");
    CHECK(ids_of(api.get(kPictures)).size() == 4);
}

TEST_CASE("pictures: q keeps the titles that contain it, with the other filters and paging",
          "[authoring][pictures]") {
    StaffApi api;
    const Id cat = create_json(api, "draft", "Black Cat on a wall");
    const Id cats = create_json(api, "new", "two CATS");
    const Id dog = create_json(api, "draft", "Dog");
    const Id apfel = create_json(api, "new", "Äpfel im Korb");
    const Id percent = create_json(api, "draft", "100% cat_like");

    using Ids = std::vector<Id>;
    const std::vector<std::pair<std::string, Ids>> expectations{
        {"q=cat", {cat, cats, percent}},
        {"q=CAT", {cat, cats, percent}},
        {"q=black%20cat", {cat}},
        {"q=cat&status=new", {cats}},
        {"q=cat&limit=1&after=" + std::to_string(cat), {cats}},
        {"q=%25", {percent}},  // % and _ are plain text, not patterns
        {"q=_", {percent}},
        {"q=dog", {dog}},
        {"q=%C3%84pfel", {apfel}},  // letters beyond ASCII match as written
        {"q=%C3%A4pfel", {}},
        {"q=horse", {}},
        {"q=", {cat, cats, dog, apfel, percent}},
    };
    for (const auto& [query, ids] : expectations) {
        const Reply r = api.get("/api/pictures?" + query);
        INFO(query << ": " << text(r));
        CHECK(r.status == 200);
        CHECK(ids_of(r) == ids);
    }
    const Reply long_q = api.get("/api/pictures?q=" + std::string(201, 'a'));
    CHECK(long_q.status == 400);
    CHECK(long_q.error().rfind("q ", 0) == 0);
}

TEST_CASE("pictures: list filters, combined filters and paging", "[authoring][pictures]") {
    StaffApi api;
    const Id a = create_json(api, "draft", "a");
    const Id b = create_json(api, "new", "b");  // new
    const Id c = create_json(api, "new", "c");  // -> drawing_created
    const Id d = api.picture(12, 12, "d");      // -> objects_created (finish)
    const Id e = api.picture(14, 14, "e");      // draft, objects_created true
    const Id f = create_json(api, "new", "f");  // new
    REQUIRE(api.post(at(kPictures, c, "/finish-annotation"), "").status == 200);
    REQUIRE(api.post(at(kPictures, d, "/finish"), "").status == 200);
    REQUIRE(api.patch(at(kPictures, e), R"({"objects_created":true})").status == 200);

    using Ids = std::vector<Id>;
    const std::vector<std::pair<std::string, Ids>> expectations{
        {"", {a, b, c, d, e, f}},
        {"objects_created=true", {d, e}},
        {"objects_created=false", {a, b, c, f}},
        {"status=new", {b, f}},
        {"status=drawing_created", {c}},
        {"status=draft", {a, e}},
        {"status=objects_created", {d}},
        {"list=annotation", {b, f}},
        {"list=generation", {c}},
        {"list=pair-authoring", {d}},
        {"list=annotation&status=new", {b, f}},
        {"list=annotation&status=draft", {}},
        {"list=generation&status=drawing_created", {c}},
        {"list=pair-authoring&objects_created=true", {d}},
        {"list=pair-authoring&objects_created=false", {}},
        {"status=draft&objects_created=true", {e}},
        {"status=draft&objects_created=false", {a}},
        {"status=new&objects_created=true", {}},
        {"list=annotation&limit=1", {b}},
        {"list=annotation&limit=1&after=" + std::to_string(b), {f}},
        {"list=annotation&limit=1&after=" + std::to_string(f), {}},
        {"objects_created=false&limit=2&after=" + std::to_string(a), {b, c}},
        {"limit=2", {a, b}},
        {"limit=2&after=" + std::to_string(b), {c, d}},
        {"limit=2&after=" + std::to_string(d), {e, f}},
        {"after=" + std::to_string(f), {}},
        {"limit=200", {a, b, c, d, e, f}},
        {"limit=1", {a}},
        {"after=" + std::to_string(c), {d, e, f}},
    };
    for (const auto& [query, ids] : expectations) {
        for (const std::string base : {"/api/pictures", "/pictures"}) {
            const Reply r = api.get(base + (query.empty() ? "" : "?" + query));
            INFO(base << "?" << query << ": " << text(r));
            CHECK(r.status == 200);
            CHECK(ids_of(r) == ids);
        }
    }
    for (const auto& [query, error] : std::vector<std::pair<std::string, std::string>>{
             {"objects_created=yes", "objects_created must be true or false"},
             {"objects_created=1", "objects_created must be true or false"},
             {"status=published",
              "status must be one of new, drawing_created, draft, objects_created"},
             {"status=NEW", "status must be one of new, drawing_created, draft, objects_created"},
             {"list=review", "list must be one of annotation, generation, pair-authoring"},
             {"limit=0", "limit must be an integer from 1 to 200"},
             {"limit=201", "limit must be an integer from 1 to 200"},
             {"limit=-1", "limit must be an integer from 1 to 200"},
             {"limit=abc", "limit must be an integer from 1 to 200"},
             {"limit=1.5", "limit must be an integer from 1 to 200"},
             {"after=0", "after must be a positive integer"},
             {"after=-3", "after must be a positive integer"},
             {"after=abc", "after must be a positive integer"},
         }) {
        for (const std::string base : {"/api/pictures", "/pictures"}) {
            const Reply r = api.get(base + "?" + query);
            INFO(base << "?" << query << ": " << text(r));
            CHECK(r.status == 400);
            CHECK(r.error() == error);
        }
    }
}

TEST_CASE("pictures: lists are 50 long by default", "[authoring][pictures]") {
    StaffApi api;
    std::vector<Id> ids;
    for (int i = 0; i < 52; ++i) ids.push_back(create_json(api, "draft", "p" + std::to_string(i)));
    const Reply first = api.get(kPictures);
    REQUIRE(first.status == 200);
    CHECK(ids_of(first) == std::vector<Id>(ids.begin(), ids.begin() + 50));
    CHECK(ids_of(api.get(kPictures + "?after=" + std::to_string(ids[49]))) ==
          std::vector<Id>(ids.begin() + 50, ids.end()));
    CHECK(ids_of(api.get(kPictures + "?limit=200")) == ids);
}

TEST_CASE("pictures: GET, PATCH and DELETE under /api/pictures/:id and /pictures/:id",
          "[authoring][pictures]") {
    StaffApi api;
    const Id id = api.picture(20, 10, "Alt");
    const Reply created = api.get(at(kPictures, id));
    REQUIRE(created.status == 200);
    CHECK(api.get(at("/pictures", id)).json == created.json);

    api.clock.advance(std::chrono::minutes(1));
    const Reply renamed = api.patch(at("/pictures", id), R"({"title":"  Neu  "})");
    INFO(text(renamed));
    REQUIRE(renamed.status == 200);
    CHECK(field(renamed, "title") == "Neu");
    CHECK(field(renamed, "updated_at") == now_text(api));
    CHECK(renamed.json.at("created_at") == created.json.at("created_at"));
    CHECK(renamed.json.at("image_path") == created.json.at("image_path"));
    CHECK(api.get(at(kPictures, id)).json == renamed.json);

    const Reply cleared = api.patch(at(kPictures, id), R"({"title":null})");
    REQUIRE(cleared.status == 200);
    CHECK(cleared.json.at("title").is_null());
    CHECK(api.patch(at(kPictures, id), R"({"title":"Wieder"})").status == 200);
    CHECK(api.patch(at(kPictures, id), R"({"title":""})").json.at("title").is_null());

    SECTION("objects_created sets and clears objects_created_at") {
        api.clock.advance(std::chrono::minutes(1));
        const std::string set_at = now_text(api);
        const Reply on = api.patch(at(kPictures, id), R"({"objects_created":true})");
        REQUIRE(on.status == 200);
        CHECK(on.json.at("objects_created") == true);
        CHECK(field(on, "objects_created_at") == set_at);
        CHECK(field(on, "status") == "draft");
        // true again: the first moment stays.
        api.clock.advance(std::chrono::minutes(1));
        const Reply again = api.patch(at("/pictures", id), R"({"objects_created":true})");
        CHECK(field(again, "objects_created_at") == set_at);
        const Reply off = api.patch(at(kPictures, id), R"({"objects_created":false})");
        REQUIRE(off.status == 200);
        CHECK(off.json.at("objects_created") == false);
        CHECK(off.json.at("objects_created_at").is_null());
        CHECK(api.get(at(kPictures, id)).json == off.json);
        // Query-style strings are taken too.
        const Reply text_true = api.patch(at(kPictures, id), R"({"objects_created":"true"})");
        CHECK(text_true.json.at("objects_created") == true);
    }
    SECTION("bad PATCH bodies are 400 and change nothing") {
        const Reply before = api.get(at(kPictures, id));
        for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
                 {R"({"objects_created":"yes"})", "objects_created must be true or false"},
                 {R"({"objects_created":1})", "objects_created must be true or false"},
                 {R"({"objects_created":null})", "objects_created must be true or false"},
                 {R"({"objects_created":[]})", "objects_created must be true or false"},
                 {R"({"title":5})", "title must be a string"},
                 {R"({"title":{"de":"x"}})", "title must be a string"},
                 {R"({"title":")" + std::string(201, 'y') + R"("})",
                  "title must be at most 200 characters"},
                 {R"({"status":"objects_created","title":"Nein"})",
                  "status is changed by POST /api/pictures/:id/finish or /finish-annotation"},
                 {R"({"status":"draft"})",
                  "status is changed by POST /api/pictures/:id/finish or /finish-annotation"},
                 {R"({"title":)", "Invalid JSON body"},
                 {"", "Invalid JSON body"},
             }) {
            for (const std::string base : {"/api/pictures", "/pictures"}) {
                const Reply r = api.patch(at(base, id), body);
                INFO(base << " " << body << ": " << text(r));
                CHECK(r.status == 400);
                CHECK(r.error() == error);
            }
        }
        CHECK(api.get(at(kPictures, id)).json == before.json);
    }
    SECTION("unknown ids are 404") {
        const Id unknown = id + 1000;
        for (const std::string base : {"/api/pictures", "/pictures"}) {
            INFO(base);
            CHECK(api.get(at(base, unknown)).error() == "Not found");
            CHECK(api.get(at(base, unknown)).status == 404);
            CHECK(api.patch(at(base, unknown), R"({"title":"x"})").status == 404);
            CHECK(api.del(at(base, unknown)).status == 404);
        }
    }
    SECTION("DELETE answers 204 without body, then 404") {
        const Id other = api.picture(8, 8, "Andere");
        const Reply gone = api.del(at(kPictures, id));
        CHECK(gone.status == 204);
        CHECK(gone.body.empty());
        CHECK(api.get(at(kPictures, id)).status == 404);
        CHECK(api.get(at("/pictures", id)).status == 404);
        CHECK(api.del(at(kPictures, id)).status == 404);
        CHECK(api.del(at("/pictures", id)).status == 404);
        CHECK(api.patch(at(kPictures, id), R"({"title":"x"})").status == 404);
        // The other one, through /pictures/:id.
        CHECK(api.del(at("/pictures", other)).status == 204);
        CHECK(api.get(at(kPictures, other)).status == 404);
        CHECK(ids_of(api.get(kPictures)).empty());
    }
}

TEST_CASE("pictures: PUT image replaces the image", "[authoring][pictures]") {
    StaffApi api;
    const Id id = api.picture(64, 48, "Tausch");
    const Reply before = api.get(at(kPictures, id));
    const std::string jpeg(images::bytes(images::kJpegProgressive4x7));

    api.clock.advance(std::chrono::seconds(30));
    const Reply r = api.send("PUT", at(kPictures, id, "/image"), jpeg, "image/jpeg");
    INFO(text(r));
    REQUIRE(r.status == 200);
    CHECK(r.json.at("id") == id);
    CHECK(r.json.at("width") == 4);
    CHECK(r.json.at("height") == 7);
    CHECK(field(r, "image_mime") == "image/jpeg");
    CHECK(field(r, "image_path") != field(before, "image_path"));
    CHECK(is_media_name(field(r, "image_path"), "jpg"));
    CHECK(field(r, "image_url") == "/media/" + field(r, "image_path"));
    CHECK(field(r, "title") == "Tausch");
    CHECK(field(r, "status") == "draft");
    CHECK(field(r, "updated_at") == now_text(api));
    CHECK(r.json.at("created_at") == before.json.at("created_at"));
    CHECK(api.get(at(kPictures, id)).json == r.json);
    const Reply file = api.get(field(r, "image_url"), std::string());
    CHECK(file.body == jpeg);
    CHECK(file.header("content-type") == "image/jpeg");

    SECTION("a picture made without image gets one") {
        const Id bare = create_json(api, "new");
        const Reply put =
            api.send("PUT", at(kPictures, bare, "/image"), solid_png(3, 5), "image/png");
        REQUIRE(put.status == 200);
        CHECK(put.json.at("width") == 3);
        CHECK(put.json.at("height") == 5);
        CHECK(field(put, "status") == "new");
    }
    SECTION("bad images are 400 and the image stays") {
        const Reply now = api.get(at(kPictures, id));
        for (const auto& [bytes, type, error] :
             std::vector<std::tuple<std::string, std::string, std::string>>{
                 {"not an image", "image/png", "image must be a PNG, JPEG or WebP file"},
                 {"", "image/png", "image is required"},
                 {solid_png(2, 2), "image/webp",
                  "image is image/png, but the Content-Type says image/webp"},
             }) {
            const Reply bad = api.send("PUT", at(kPictures, id, "/image"), bytes, type);
            INFO(type << ": " << text(bad));
            CHECK(bad.status == 400);
            CHECK(bad.error() == error);
        }
        CHECK(api.get(at(kPictures, id)).json == now.json);
    }
    SECTION("unknown or malformed ids are 404") {
        CHECK(api.send("PUT", at(kPictures, id + 99, "/image"), solid_png(2, 2), "image/png")
                  .status == 404);
        CHECK(api.send("PUT", "/api/pictures/x/image", solid_png(2, 2), "image/png").status == 404);
    }
}

TEST_CASE("pictures: finish-annotation and finish, every transition", "[authoring][pictures]") {
    StaffApi api;
    // One picture in each status.
    const Id fresh = create_json(api, "new");
    const Id drawn = create_json(api, "new");
    REQUIRE(api.post(at(kPictures, drawn, "/finish-annotation"), "").status == 200);
    const Id draft = api.picture(10, 10);
    const Id done = api.picture(10, 10);
    REQUIRE(api.post(at(kPictures, done, "/finish"), "").status == 200);
    const std::map<std::string, Id> by_status{
        {"new", fresh}, {"drawing_created", drawn}, {"draft", draft}, {"objects_created", done}};

    SECTION("refused transitions name the status and change nothing") {
        struct Refused {
            const char* action;
            const char* status;
            std::string error;
        };
        for (const auto& r : std::vector<Refused>{
                 {"/finish-annotation", "drawing_created",
                  "Cannot finish annotation of a picture in status drawing_created"},
                 {"/finish-annotation", "draft",
                  "Cannot finish annotation of a picture in status draft"},
                 {"/finish-annotation", "objects_created",
                  "Cannot finish annotation of a picture in status objects_created"},
                 {"/finish", "new", "Cannot finish a picture in status new"},
                 {"/finish", "drawing_created",
                  "Cannot finish a picture in status drawing_created"},
                 {"/finish", "objects_created",
                  "Cannot finish a picture in status objects_created"},
             }) {
            const Id id = by_status.at(r.status);
            const Reply before = api.get(at(kPictures, id));
            const Reply reply = api.post(at(kPictures, id, r.action), "");
            INFO(r.action << " from " << r.status << ": " << text(reply));
            CHECK(reply.status == 409);
            CHECK(reply.error() == r.error);
            CHECK(api.get(at(kPictures, id)).json == before.json);
        }
    }
    SECTION("finish-annotation: new -> drawing_created only") {
        const Id id = create_json(api, "new");
        api.clock.advance(std::chrono::seconds(3));
        const Reply r = api.post(at(kPictures, id, "/finish-annotation"), "");
        REQUIRE(r.status == 200);
        CHECK(field(r, "status") == "drawing_created");
        CHECK(r.json.at("objects_created") == false);
        CHECK(r.json.at("objects_created_at").is_null());
        CHECK(field(r, "updated_at") == now_text(api));
        CHECK(api.get(at(kPictures, id)).json == r.json);
    }
    SECTION("finish: draft -> objects_created, objects_created and its time set") {
        const Id id = api.picture(10, 10);
        api.clock.advance(std::chrono::seconds(7));
        const Reply r = api.post(at(kPictures, id, "/finish"), "");
        REQUIRE(r.status == 200);
        CHECK(field(r, "status") == "objects_created");
        CHECK(r.json.at("objects_created") == true);
        CHECK(field(r, "objects_created_at") == now_text(api));
        CHECK(api.get(at(kPictures, id)).json == r.json);
    }
    SECTION("finish keeps an earlier objects_created_at") {
        const Id id = api.picture(10, 10);
        const std::string first = now_text(api);
        REQUIRE(api.patch(at(kPictures, id), R"({"objects_created":true})").status == 200);
        api.clock.advance(std::chrono::minutes(2));
        const Reply r = api.post(at(kPictures, id, "/finish"), "");
        REQUIRE(r.status == 200);
        CHECK(field(r, "objects_created_at") == first);
    }
    SECTION("unknown ids are 404") {
        CHECK(api.post(at(kPictures, done + 100, "/finish"), "").status == 404);
        CHECK(api.post(at(kPictures, done + 100, "/finish-annotation"), "").error() == "Not found");
    }
    SECTION("the lists follow the transitions") {
        const auto list = [&](const char* name) {
            return ids_of(api.get(kPictures + "?list=" + name));
        };
        CHECK(list("annotation") == std::vector<Id>{fresh});
        CHECK(list("generation") == std::vector<Id>{drawn});
        CHECK(list("pair-authoring") == std::vector<Id>{done});
        REQUIRE(api.post(at(kPictures, fresh, "/finish-annotation"), "").status == 200);
        REQUIRE(api.post(at(kPictures, draft, "/finish"), "").status == 200);
        CHECK(list("annotation").empty());
        CHECK(list("generation") == std::vector<Id>{fresh, drawn});  // id order
        CHECK(list("pair-authoring") == std::vector<Id>{draft, done});
        CHECK(ids_of(api.get(kPictures + "?objects_created=true")) == std::vector<Id>{draft, done});
    }
}

TEST_CASE("pictures: DELETE refused while pairs use the picture", "[authoring][pictures]") {
    StaffApi api;
    const Id picture = api.picture(40, 40);
    const Id object = api.object(picture, R"([{"type":"bbox","x":0,"y":0,"w":5,"h":5}])");
    const Id label = api.label(object, "Tisch");
    const Id pair = api.pair(picture, object);
    const Reply before = api.get(at(kPictures, picture));

    const Reply r = api.del(at(kPictures, picture));
    CHECK(r.status == 409);
    CHECK(r.error() ==
          "Picture " + std::to_string(picture) + " is used by 1 pair(s): delete them first");
    CHECK(api.del(at("/pictures", picture)).status == 409);
    CHECK(api.get(at(kPictures, picture)).json == before.json);
    CHECK(api.get(at("/api/cms/db-objects", object)).status == 200);
    const Reply words = api.get(at("/api/cms/db-objects", object, "/words"));
    REQUIRE(ids_of(words) == std::vector<Id>{label});
    CHECK(api.get(at("/api/cms/db-pairs", pair)).status == 200);

    const Id second = api.pair(picture);
    CHECK(api.del(at(kPictures, picture)).error() ==
          "Picture " + std::to_string(picture) + " is used by 2 pair(s): delete them first");
    REQUIRE(api.del(at("/api/cms/db-pairs", pair)).status == 204);
    REQUIRE(api.del(at("/api/cms/db-pairs", second)).status == 204);
    CHECK(api.del(at(kPictures, picture)).status == 204);
    CHECK(api.get(at("/api/cms/db-objects", object)).status == 404);
}

TEST_CASE("pictures: DELETE removes its objects and their link records", "[authoring][pictures]") {
    StaffApi api;
    const Id picture = api.picture(50, 50);
    const Id keep = api.picture(50, 50);
    const Id parent = api.object(picture, R"([{"type":"bbox","x":0,"y":0,"w":5,"h":5}])");
    const Reply child_reply =
        api.post("/api/cms/db-objects", R"({"picture_id":)" + std::to_string(picture) +
                                            R"(,"parent_id":)" + std::to_string(parent) + "}");
    REQUIRE(child_reply.status == 201);
    const Id child = child_reply.json.at("id").as_int64();
    const Id kept_object = api.object(keep);
    const Id w1 = api.label(parent, "Lampe");
    const Id w2 = api.label(child, "Schirm");
    const Id w3 = api.label(kept_object, "Lampe");
    CHECK(w3 == w1);
    const Reply pw =
        api.post(at("/api/cms/pictures", picture, "/words"), R"({"title_de":"Zimmer","level":3})");
    REQUIRE(pw.status == 201);
    const Id w4 = pw.json.at(0).at("id").as_int64();
    REQUIRE(api.post(at("/api/cms/pictures", keep, "/words"), R"({"title_de":"Zimmer","level":3})")
                .status == 201);
    // A question on the object outlives it (object_id null).
    const Reply q =
        api.post("/api/cms/db-questions", R"({"object_id":)" + std::to_string(parent) +
                                              R"(,"text_de":"Was leuchtet?","level":2})");
    REQUIRE(q.status == 201);
    const Id question = q.json.at("id").as_int64();

    REQUIRE(api.del(at(kPictures, picture)).status == 204);

    CHECK(api.get(at("/api/cms/db-objects", parent)).status == 404);
    CHECK(api.get(at("/api/cms/objects", child)).status == 404);
    CHECK(api.get(at("/api/cms/db-objects", parent, "/words")).status == 404);
    CHECK(api.get(at("/api/cms/pictures", picture, "/words")).status == 404);
    CHECK(ids_of(api.get("/api/cms/db-objects?picture_id=" + std::to_string(picture))).empty());
    // The words stay; only the links went.
    for (const Id w : {w1, w2, w4}) CHECK(api.get(at("/api/cms/db-words", w)).status == 200);
    const Reply question_after = api.get(at("/api/cms/db-questions", question));
    REQUIRE(question_after.status == 200);
    CHECK(question_after.json.at("object_id").is_null());
    // The other picture keeps its object, label and picture word.
    CHECK(ids_of(api.get(at("/api/cms/db-objects", kept_object, "/words"))) == std::vector<Id>{w1});
    CHECK(ids_of(api.get(at("/api/cms/pictures", keep, "/words"))) == std::vector<Id>{w4});
    // In the store.
    api.storage().content().read([&](ContentTx& tx) {
        CHECK(tx.object_word_links(parent).empty());
        CHECK(tx.object_word_links(child).empty());
        CHECK(tx.picture_word_links(picture).empty());
        CHECK(tx.object_word_links(kept_object).size() == 1);
        CHECK(tx.picture_word_links(keep).size() == 1);
    });
    CHECK(rows_where(*api.db, "objects", "picture_id", picture) == 0);
    CHECK(rows_where(*api.db, "object_words", "object_id", parent) == 0);
    CHECK(rows_where(*api.db, "object_words", "object_id", child) == 0);
    CHECK(rows_where(*api.db, "picture_words", "picture_id", picture) == 0);
    CHECK(rows_of(*api.db, "object_words") == 1);
    CHECK(rows_of(*api.db, "picture_words") == 1);
}
