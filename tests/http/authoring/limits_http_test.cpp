// Body limits on the authoring API: JSON bodies keep MAX_BODY_BYTES (1 MiB here), also on the
// picture route whose own limit (10 MiB) is for images; nothing is stored.
#include "tests/http/authoring/support/staff_api.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("authoring: JSON bodies over the JSON limit are 413 and store nothing",
          "[authoring][limits]") {
    StaffApi api;
    const std::string big_title(1024 * 1024, 'x');
    const Reply word =
        api.post("/api/cms/db-words", R"({"title_de":")" + big_title + R"(","level":1})");
    CHECK(word.status == 413);
    CHECK(word.error() == "Payload too large");
    const Reply picture = api.post("/api/pictures", R"({"title":")" + big_title + R"("})");
    CHECK(picture.status == 413);
    CHECK(picture.error() == "Payload too large");
    CHECK(api.get("/api/cms/db-words").json.as_array().empty());
    CHECK(api.get("/api/pictures").json.as_array().empty());
    // Just under the limit is read (and refused by validation, not by size).
    const Reply under = api.post("/api/cms/db-words",
                                 R"({"title_de":")" + std::string(1000, 'y') + R"(","level":1})");
    CHECK(under.status == 400);
    CHECK(under.error() == "title_de must be at most 200 characters");
}
