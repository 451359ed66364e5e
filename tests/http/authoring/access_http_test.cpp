#include "tests/http/authoring/support/staff_api.hpp"

using namespace ll;
using namespace ll::test;

TEST_CASE("authoring access: no token, bad token, end-user, dev token, staff JWT",
          "[authoring][access]") {
    StaffApi api;
    CHECK(api.get("/api/pictures", std::string()).error() == "Unauthorized");
    CHECK(api.get("/api/pictures", std::string()).status == 401);
    CHECK(api.get("/api/pictures", std::string("garbage")).error() == "Invalid or expired token");
    const Reply end_user = api.get("/api/pictures", api.end_user_token());
    CHECK(end_user.status == 403);
    CHECK(end_user.error() == "Insufficient permissions");
    CHECK(api.get("/api/pictures").status == 200);
    CHECK(api.get("/api/pictures", api.staff_token("editor")).status == 200);
    CHECK(api.get("/api/pictures", api.staff_token("admin")).status == 200);
}
