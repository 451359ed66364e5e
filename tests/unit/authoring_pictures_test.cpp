// Pictures: type and size from the bytes, the two flows, the lists.
#include "core/app/authoring/pictures.hpp"
#include "tests/support/hostile_images.hpp"
#include "tests/unit/support/authoring_world.hpp"
#include "tests/unit/support/image_fixtures.hpp"

using namespace ll;
using namespace ll::test;

namespace {

// An upload with its query decoded as the HTTP adapter does.
Result<Picture> upload(AuthoringPorts& ports, const LooseValue& query, const ImageUpload& image) {
    return with_decoded<NewPicture>(
        query, [&](const NewPicture& request) { return upload_picture(ports, request, image); });
}

}  // namespace

TEST_CASE("pictures: the type is read from the bytes, the file stored by content",
          "[authoring][pictures]") {
    AuthoringWorld w;
    const auto jpeg = images::bytes(images::kJpegBaseline5x3);
    const Picture p =
        ok(upload(w.ports, body(R"({"title":"Hund"})"), ImageUpload{jpeg, "image/jpeg"}));
    CHECK(p.image_mime == "image/jpeg");
    CHECK(p.width == 5);
    CHECK(p.height == 3);
    CHECK(w.media.read(*p.image_path) == std::string(jpeg));
    CHECK(error_of(upload(w.ports, body("{}"), ImageUpload{jpeg, "image/png"})) ==
          "image is image/jpeg, but the Content-Type says image/png");
    // A declared type that is not text is not quoted (the answer must stay valid JSON).
    CHECK(error_of(upload(w.ports, body("{}"), ImageUpload{jpeg, "image/\xFF"})) ==
          "image is image/jpeg, but the Content-Type says otherwise");
    CHECK(error_of(upload(w.ports, LooseValue::object({{"title", LooseValue::of("\xFF")}}),
                          ImageUpload{jpeg, "image/jpeg"})) ==
          "title must be UTF-8 text without NUL characters");
    CHECK(ok(upload(w.ports, body("{}"), ImageUpload{jpeg, "image/jpg"})).image_path ==
          p.image_path);
    CHECK(ok(upload(w.ports, body("{}"), ImageUpload{jpeg, std::nullopt})).width == 5);
    CHECK(error_of(upload(w.ports, body("{}"), ImageUpload{"GIF89a....", "image/gif"})) ==
          "image must be a PNG, JPEG or WebP file");
    CHECK(error_of(upload(w.ports, body("{}"), ImageUpload{"", "image/png"})) ==
          "image is required");
    const std::string huge(kMaxImageBytes + 1, 'x');
    CHECK(status_of(upload(w.ports, body("{}"), ImageUpload{huge, "image/png"})) == 413);
}

TEST_CASE("pictures: an upload whose decode would cost too much is refused before decoding",
          "[authoring][pictures]") {
    // docs/operations.md "Picture decoding": read from the bytes, never handed to the decoder,
    // nothing stored; the picture whose image it would replace keeps its own.
    AuthoringWorld w;
    const Picture kept =
        ok(upload(w.ports, body("{}"), ImageUpload{images::bytes(images::kPng3x2), "image/png"}));
    const int calls = w.renditions.calls;
    const std::size_t files = w.media.size();
    const std::pair<const char*, const char*> cases[] = {
        {"many_scans.jpg",
         "image is a progressive JPEG with more than 100 scans: save it as a baseline JPEG"},
        {"interlaced16.png",
         "image needs too much memory to decode: save it smaller, as a baseline JPEG or a "
         "non-interlaced PNG"},
    };
    for (const auto& [name, message] : cases) {
        INFO(name);
        const std::string bytes = test::hostile_image(name);
        CHECK(error_of(upload(w.ports, body("{}"), ImageUpload{bytes, std::nullopt})) == message);
        CHECK(error_of(replace_picture_image(w.ports, kept.id, ImageUpload{bytes, std::nullopt})) ==
              message);
    }
    CHECK(w.renditions.calls == calls);
    CHECK(w.media.size() == files);
    CHECK(ok(get_picture(w.ports, kept.id)).image_path == kept.image_path);
}

TEST_CASE("pictures: finish flows, objects_created_at, lists", "[authoring][pictures]") {
    AuthoringWorld w;
    const Picture old_flow = ok(decoded(create_picture, w.ports, body(R"({"status":"new"})")));
    const Picture new_flow = ok(decoded(create_picture, w.ports, body("{}")));
    CHECK(new_flow.status == "draft");
    const auto list = [&](const std::string& query) {
        std::vector<Id> ids;
        for (const auto& p : ok(decoded(list_pictures, w.ports, body(query)))) ids.push_back(p.id);
        return ids;
    };
    CHECK(list(R"({"list":"annotation"})") == std::vector<Id>{old_flow.id});
    CHECK(error_of(finish_picture(w.ports, old_flow.id)) ==
          "Cannot finish a picture in status new");
    ok(finish_annotation(w.ports, old_flow.id));
    CHECK(list(R"({"list":"annotation"})").empty());
    CHECK(list(R"({"list":"generation"})") == std::vector<Id>{old_flow.id});

    w.clock.advance(std::chrono::minutes(5));
    const Picture finished = ok(finish_picture(w.ports, new_flow.id));
    CHECK(finished.status == "objects_created");
    CHECK(finished.objects_created);
    CHECK(finished.objects_created_at == w.clock.now());
    CHECK(list(R"({"list":"pair-authoring"})") == std::vector<Id>{new_flow.id});
    CHECK(list(R"({"objects_created":"true"})") == std::vector<Id>{new_flow.id});
    CHECK(error_of(finish_picture(w.ports, new_flow.id)) ==
          "Cannot finish a picture in status objects_created");

    const Picture cleared = ok(decoded(patch_picture, w.ports, new_flow.id,
                                       body(R"({"objects_created":false,"title":"Neu"})")));
    CHECK_FALSE(cleared.objects_created);
    CHECK_FALSE(cleared.objects_created_at);
    CHECK(cleared.title == "Neu");
    CHECK(error_of(decoded(patch_picture, w.ports, new_flow.id, body(R"({"status":"draft"})")))
              .rfind("status is changed by", 0) == 0);
    CHECK(list(R"({"limit":"1"})") == std::vector<Id>{old_flow.id});
    CHECK(list(R"({"after":")" + std::to_string(old_flow.id) + R"("})") ==
          std::vector<Id>{new_flow.id});
    CHECK(error_of(decoded(list_pictures, w.ports, body(R"({"limit":"500"})"))) ==
          "limit must be an integer from 1 to 200");
}
