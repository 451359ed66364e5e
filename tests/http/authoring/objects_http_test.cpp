// Objects (db_objects) over HTTP: creation with bbox/polygon selections and every validation
// message, parents within one picture and no cycles, PATCH, the list filters, review /
// publish / unpublish, deletion, the label word routes and the per-object orphan purge.
#include "tests/http/authoring/support/reply_views.hpp"
#include "tests/http/authoring/support/sql_probe.hpp"
#include "tests/http/authoring/support/staff_api.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const std::string kObjects = "/api/cms/db-objects";
const char* const kBases[] = {"/api/cms/db-objects", "/api/cms/objects"};

Reply create(StaffApi& api, const std::string& body, const std::string& base = kObjects) {
    return api.post(base, body);
}

std::string on(Id picture, const std::string& rest = "") {
    return R"({"picture_id":)" + std::to_string(picture) + rest + "}";
}

Id parent_child(StaffApi& api, Id picture, Id parent) {
    const Reply r = create(api, on(picture, R"(,"parent_id":)" + std::to_string(parent)));
    INFO(text(r));
    REQUIRE(r.status == 201);
    return r.json.at("id").as_int64();
}

const boost::json::value& only_label(const Reply& words) {
    REQUIRE(words.json.is_array());
    REQUIRE(words.json.as_array().size() == 1);
    return words.json.at(0);
}

}  // namespace

TEST_CASE("objects: create with bbox and polygon selections", "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(64, 48);
    const std::string selections =
        R"([{"type":"bbox","x":1,"y":2,"w":30,"h":20},)"
        R"({"type":"polygon","points":[[0,0],[64,0],[64,48],[0.5,47.25]]},)"
        R"({"type":"bbox","x":0,"y":0,"w":64,"h":48}])";
    for (const char* base : kBases) {
        const Reply r = create(api,
                               on(picture, R"(,"user_notes":" links oben ","selections":)" +
                                               selections + R"(,"ignored":true)"),
                               base);
        INFO(base << ": " << text(r));
        REQUIRE(r.status == 201);
        CHECK(r.json.at("picture_id") == picture);
        CHECK(r.json.at("parent_id").is_null());
        CHECK(field(r, "user_notes") == "links oben");
        CHECK(field(r, "status") == "draft");
        CHECK(r.json.at("selections") == boost::json::parse(selections));
        const Id id = r.json.at("id").as_int64();
        for (const char* read : kBases) CHECK(api.get(at(read, id)).json == r.json);
    }
    // Without selections: an empty list.
    const Reply bare = create(api, on(picture));
    REQUIRE(bare.status == 201);
    CHECK(bare.json.at("selections").as_array().empty());
    CHECK(bare.json.at("user_notes").is_null());
    // A picture without image has no size to check against.
    const Reply no_image = api.post("/api/pictures", R"({"title":"ohne"})");
    REQUIRE(no_image.status == 201);
    const Reply far =
        create(api, on(no_image.json.at("id").as_int64(),
                       R"(,"selections":[{"type":"bbox","x":5000,"y":5000,"w":1,"h":1}])"));
    CHECK(far.status == 201);
}

TEST_CASE("objects: every validation message of creation", "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(64, 48);
    const Id other = api.picture(64, 48);
    const Id foreign = api.object(other);
    const auto with = [&](const std::string& selections) {
        return on(picture, R"(,"selections":)" + selections);
    };
    const std::string inside = R"({"type":"bbox","x":0,"y":0,"w":1,"h":1})";
    const std::string p = "selections[0]";
    const std::vector<std::pair<std::string, std::string>> cases{
        {"{}", "picture_id is required"},
        {R"({"picture_id":null})", "picture_id is required"},
        {R"({"picture_id":"abc"})", "picture_id must be a positive integer"},
        {R"({"picture_id":0})", "picture_id must be a positive integer"},
        {R"({"picture_id":-4})", "picture_id must be a positive integer"},
        {R"({"picture_id":1.5})", "picture_id must be a positive integer"},
        {R"({"picture_id":true})", "picture_id must be a positive integer"},
        {R"({"picture_id":[1]})", "picture_id must be a positive integer"},
        {R"({"picture_id":99999})", "picture_id: no such picture"},
        {with("{}"), "selections must be an array of at most 1000 selections"},
        {with(R"("bbox")"), "selections must be an array of at most 1000 selections"},
        {with("5"), "selections must be an array of at most 1000 selections"},
        {with("[5]"), p + " must be an object"},
        {with(R"([[0,0,1,1]])"), p + " must be an object"},
        {with("[" + inside + ",null]"), "selections[1] must be an object"},
        {with("[{}]"), p + ".type must be bbox or polygon"},
        {with(R"([{"type":"circle","x":1,"y":1,"w":1,"h":1}])"),
         p + ".type must be bbox or polygon"},
        {with(R"([{"type":"BBOX","x":1,"y":1,"w":1,"h":1}])"), p + ".type must be bbox or polygon"},
        {with(R"([{"type":1}])"), p + ".type must be bbox or polygon"},
        {with(R"([{"type":"bbox","x":-1,"y":0,"w":1,"h":1}])"), p + ".x must be a number >= 0"},
        {with(R"([{"type":"bbox","x":0,"y":-0.5,"w":1,"h":1}])"), p + ".y must be a number >= 0"},
        {with(R"([{"type":"bbox","x":0,"y":0,"w":0,"h":1}])"),
         p + ".w must be a number greater than 0"},
        {with(R"([{"type":"bbox","x":0,"y":0,"w":-3,"h":1}])"),
         p + ".w must be a number greater than 0"},
        {with(R"([{"type":"bbox","x":0,"y":0,"w":1,"h":0}])"),
         p + ".h must be a number greater than 0"},
        {with(R"([{"type":"bbox","x":0,"y":0,"w":1,"h":-1}])"),
         p + ".h must be a number greater than 0"},
        {with(R"([{"type":"bbox","x":"1","y":0,"w":1,"h":1}])"), p + ".x must be a number >= 0"},
        {with(R"([{"type":"bbox","x":0,"y":0,"w":1}])"), p + ".h must be a number greater than 0"},
        {with(R"([{"type":"bbox","y":0,"w":1,"h":1}])"), p + ".x must be a number >= 0"},
        {with("[" + inside + R"(,{"type":"bbox","x":0,"y":0,"w":0,"h":1}])"),
         "selections[1].w must be a number greater than 0"},
        {with(R"([{"type":"polygon","points":[[0,0],[1,1]]}])"),
         p + ".points must be an array of 3 to 10000 [x, y] points"},
        {with(R"([{"type":"polygon"}])"),
         p + ".points must be an array of 3 to 10000 [x, y] points"},
        {with(R"([{"type":"polygon","points":"0,0 1,1 2,2"}])"),
         p + ".points must be an array of 3 to 10000 [x, y] points"},
        {with(R"([{"type":"polygon","points":[]}])"),
         p + ".points must be an array of 3 to 10000 [x, y] points"},
        {with(R"([{"type":"polygon","points":[[0,0],[1],[2,2]]}])"),
         p + ".points[1] must be [x, y] with numbers >= 0"},
        {with(R"([{"type":"polygon","points":[[0,0],[1,1,1],[2,2]]}])"),
         p + ".points[1] must be [x, y] with numbers >= 0"},
        {with(R"([{"type":"polygon","points":[[0,0],[2,2],5]}])"),
         p + ".points[2] must be [x, y] with numbers >= 0"},
        {with(R"([{"type":"polygon","points":[[0,0],[1,-1],[2,2]]}])"),
         p + ".points[1] must be [x, y] with numbers >= 0"},
        {with(R"([{"type":"polygon","points":[["a",0],[1,1],[2,2]]}])"),
         p + ".points[0] must be [x, y] with numbers >= 0"},
        {with(R"([{"type":"polygon","points":[{"x":0,"y":0},[1,1],[2,2]]}])"),
         p + ".points[0] must be [x, y] with numbers >= 0"},
        {with(R"([{"type":"bbox","x":60,"y":0,"w":5,"h":1}])"),
         p + " must lie within the picture (64 x 48)"},
        {with(R"([{"type":"bbox","x":0,"y":40,"w":1,"h":8.5}])"),
         p + " must lie within the picture (64 x 48)"},
        {with(R"([{"type":"bbox","x":64,"y":0,"w":1,"h":1}])"),
         p + " must lie within the picture (64 x 48)"},
        {with("[" + inside + R"(,{"type":"polygon","points":[[0,0],[65,0],[1,1]]}])"),
         "selections[1] must lie within the picture (64 x 48)"},
        {with(R"([{"type":"polygon","points":[[0,0],[1,49],[1,1]]}])"),
         p + " must lie within the picture (64 x 48)"},
        {on(picture, R"(,"user_notes":5)"), "user_notes must be a string"},
        {on(picture, R"(,"user_notes":["a"])"), "user_notes must be a string"},
        {on(picture, R"(,"user_notes":")" + std::string(5001, 'n') + R"(")"),
         "user_notes must be at most 5000 characters"},
        {on(picture, R"(,"parent_id":"x")"), "parent_id must be a positive integer"},
        {on(picture, R"(,"parent_id":0)"), "parent_id must be a positive integer"},
        {on(picture, R"(,"parent_id":99999)"), "parent_id must be an object of the same picture"},
        {on(picture, R"(,"parent_id":)" + std::to_string(foreign)),
         "parent_id must be an object of the same picture"},
        {R"({"picture_id":)", "Invalid JSON body"},
        {"[]", "Invalid JSON body"},
    };
    for (const auto& [body, error] : cases) {
        for (const char* base : kBases) {
            const Reply r = create(api, body, base);
            INFO(base << " " << body << ": " << text(r));
            CHECK(r.status == 400);
            CHECK(r.error() == error);
        }
    }
    // None of them made an object.
    CHECK(ids_of(api.get(kObjects + "?picture_id=" + std::to_string(picture))).empty());
    CHECK(ids_of(api.get(kObjects)) == std::vector<Id>{foreign});
}

TEST_CASE("objects: parents within the picture, no cycles", "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(64, 48);
    const Id other_picture = api.picture(64, 48);
    const Id a = api.object(picture);
    const Id b = parent_child(api, picture, a);
    const Id c = parent_child(api, picture, b);
    const Id elsewhere = api.object(other_picture);
    CHECK(api.get(at(kObjects, b)).json.at("parent_id") == a);
    CHECK(api.get(at(kObjects, c)).json.at("parent_id") == b);

    const std::string cycle = "parent_id must not be the object itself or one of its children";
    for (const auto& [id, parent, error] : std::vector<std::tuple<Id, Id, std::string>>{
             {a, a, cycle},
             {a, b, cycle},
             {a, c, cycle},
             {b, c, cycle},
             {b, b, cycle},
             {a, elsewhere, "parent_id must be an object of the same picture"},
             {a, 99999, "parent_id must be an object of the same picture"},
         }) {
        const Reply before = api.get(at(kObjects, id));
        const Reply r =
            api.patch(at(kObjects, id), R"({"parent_id":)" + std::to_string(parent) + "}");
        INFO(id << " under " << parent << ": " << text(r));
        CHECK(r.status == 400);
        CHECK(r.error() == error);
        CHECK(api.get(at(kObjects, id)).json == before.json);
    }
    // Moving within the tree is fine where it makes no cycle.
    const Reply moved =
        api.patch(at("/api/cms/objects", c), R"({"parent_id":)" + std::to_string(a) + "}");
    REQUIRE(moved.status == 200);
    CHECK(moved.json.at("parent_id") == a);
    // null detaches.
    const Reply detached = api.patch(at(kObjects, b), R"({"parent_id":null})");
    REQUIRE(detached.status == 200);
    CHECK(detached.json.at("parent_id").is_null());
    // Now a may go under b (b is no longer a child of a), and c keeps a.
    const Reply under = api.patch(at(kObjects, a), R"({"parent_id":)" + std::to_string(b) + "}");
    CHECK(under.status == 200);
    CHECK(api.patch(at(kObjects, b), R"({"parent_id":)" + std::to_string(c) + "}").error() ==
          cycle);
    // Deleting a parent leaves its children without parent.
    REQUIRE(api.del(at(kObjects, a)).status == 204);
    CHECK(api.get(at(kObjects, c)).json.at("parent_id").is_null());
    CHECK(api.get(at(kObjects, b)).json.at("parent_id").is_null());
}

TEST_CASE("objects: PATCH user_notes, selections; picture_id and status refused",
          "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(64, 48);
    const Id other = api.picture(64, 48);
    const Id id = api.object(picture, R"([{"type":"bbox","x":1,"y":1,"w":2,"h":2}])");
    const Reply created = api.get(at(kObjects, id));

    api.clock.advance(std::chrono::seconds(9));
    const Reply notes = api.patch(at("/api/cms/objects", id), R"({"user_notes":"rot"})");
    REQUIRE(notes.status == 200);
    CHECK(field(notes, "user_notes") == "rot");
    CHECK(notes.json.at("selections") == created.json.at("selections"));
    CHECK(notes.json.at("updated_at") != created.json.at("updated_at"));
    CHECK(notes.json.at("created_at") == created.json.at("created_at"));
    CHECK(api.get(at(kObjects, id)).json == notes.json);

    const std::string polygon = R"([{"type":"polygon","points":[[1,1],[10,1],[10,10]]}])";
    const Reply sel = api.patch(at(kObjects, id), R"({"selections":)" + polygon + "}");
    REQUIRE(sel.status == 200);
    CHECK(sel.json.at("selections") == boost::json::parse(polygon));
    CHECK(field(sel, "user_notes") == "rot");
    const Reply cleared = api.patch(at(kObjects, id), R"({"user_notes":null,"selections":[]})");
    REQUIRE(cleared.status == 200);
    CHECK(cleared.json.at("user_notes").is_null());
    CHECK(cleared.json.at("selections").as_array().empty());
    const Reply nothing = api.patch(at(kObjects, id), "{}");
    CHECK(nothing.status == 200);
    CHECK(nothing.json.at("selections") == cleared.json.at("selections"));

    const Reply before = api.get(at(kObjects, id));
    for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
             {R"({"picture_id":)" + std::to_string(other) + "}",
              "picture_id cannot be changed: create the object on the other picture"},
             {R"({"picture_id":)" + std::to_string(picture) + "}",
              "picture_id cannot be changed: create the object on the other picture"},
             {R"({"status":"reviewed"})",
              "status is changed by the review, publish and unpublish actions"},
             {R"({"status":"draft","user_notes":"nein"})",
              "status is changed by the review, publish and unpublish actions"},
             {R"({"selections":[{"type":"bbox","x":0,"y":0,"w":65,"h":1}]})",
              "selections[0] must lie within the picture (64 x 48)"},
             {R"({"selections":[{"type":"polygon","points":[[0,0]]}]})",
              "selections[0].points must be an array of 3 to 10000 [x, y] points"},
             {R"({"selections":{}})", "selections must be an array of at most 1000 selections"},
             {R"({"user_notes":1})", "user_notes must be a string"},
             {R"({"parent_id":"abc"})", "parent_id must be a positive integer"},
             {"nope", "Invalid JSON body"},
         }) {
        for (const char* base : kBases) {
            const Reply r = api.patch(at(base, id), body);
            INFO(base << " " << body << ": " << text(r));
            CHECK(r.status == 400);
            CHECK(r.error() == error);
        }
    }
    CHECK(api.get(at(kObjects, id)).json == before.json);
    for (const char* base : kBases) {
        CHECK(api.patch(at(base, id + 500), R"({"user_notes":"x"})").status == 404);
        CHECK(api.get(at(base, id + 500)).error() == "Not found");
        CHECK(api.get(std::string(base) + "/abc").status == 404);
    }
}

TEST_CASE("objects: list filters and paging", "[authoring][objects]") {
    StaffApi api;
    const Id p1 = api.picture(10, 10);
    const Id p2 = api.picture(10, 10);
    const Id a = api.object(p1), b = api.object(p2), c = api.object(p1), d = api.object(p1);
    REQUIRE(api.post(at(kObjects, c, "/review"), "").status == 200);
    REQUIRE(api.post(at(kObjects, d, "/review"), "").status == 200);
    REQUIRE(api.post(at(kObjects, d, "/publish"), "").status == 200);
    const std::string s1 = std::to_string(p1);
    using Ids = std::vector<Id>;
    for (const auto& [query, ids] : std::vector<std::pair<std::string, Ids>>{
             {"", {a, b, c, d}},
             {"picture_id=" + s1, {a, c, d}},
             {"picture_id=" + std::to_string(p2), {b}},
             {"picture_id=99999", {}},
             {"status=draft", {a, b}},
             {"status=reviewed", {c}},
             {"status=published", {d}},
             {"picture_id=" + s1 + "&status=draft", {a}},
             {"picture_id=" + std::to_string(p2) + "&status=published", {}},
             {"limit=2", {a, b}},
             {"limit=2&after=" + std::to_string(b), {c, d}},
             {"picture_id=" + s1 + "&limit=1&after=" + std::to_string(a), {c}},
             {"after=" + std::to_string(d), {}},
         }) {
        for (const char* base : kBases) {
            const Reply r = api.get(std::string(base) + (query.empty() ? "" : "?" + query));
            INFO(base << "?" << query << ": " << text(r));
            CHECK(r.status == 200);
            CHECK(ids_of(r) == ids);
        }
    }
    for (const auto& [query, error] : std::vector<std::pair<std::string, std::string>>{
             {"picture_id=abc", "picture_id must be a positive integer"},
             {"picture_id=0", "picture_id must be a positive integer"},
             {"status=new", "status must be one of draft, reviewed, published"},
             {"limit=0", "limit must be an integer from 1 to 200"},
             {"limit=500", "limit must be an integer from 1 to 200"},
             {"after=x", "after must be a positive integer"},
         }) {
        for (const char* base : kBases) {
            const Reply r = api.get(std::string(base) + "?" + query);
            INFO(base << "?" << query << ": " << text(r));
            CHECK(r.status == 400);
            CHECK(r.error() == error);
        }
    }
}

TEST_CASE("objects: review, publish, unpublish: every transition", "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(10, 10);
    for (const char* base : kBases) {
        const auto act = [&](Id id, const char* action) {
            return api.post(at(base, id, std::string("/") + action), "");
        };
        // One object in each status.
        const Id draft = api.object(picture);
        const Id reviewed = api.object(picture);
        const Id published = api.object(picture);
        REQUIRE(act(reviewed, "review").status == 200);
        REQUIRE(act(published, "review").status == 200);
        REQUIRE(act(published, "publish").status == 200);
        const std::map<std::string, Id> by_status{
            {"draft", draft}, {"reviewed", reviewed}, {"published", published}};

        struct Step {
            const char* from;
            const char* action;
            int status;
            std::string result;  // the new status, or the error
        };
        for (const auto& s : std::vector<Step>{
                 {"draft", "publish", 409, "Only reviewed items can be published"},
                 {"draft", "unpublish", 409, "Cannot unpublish an object in status draft"},
                 {"reviewed", "review", 409, "Cannot review an object in status reviewed"},
                 {"reviewed", "unpublish", 409, "Cannot unpublish an object in status reviewed"},
                 {"published", "review", 409, "Cannot review an object in status published"},
                 {"published", "publish", 409, "Cannot publish an object in status published"},
             }) {
            const Id id = by_status.at(s.from);
            const Reply before = api.get(at(kObjects, id));
            const Reply r = act(id, s.action);
            INFO(base << ": " << s.action << " from " << s.from << ": " << text(r));
            CHECK(r.status == s.status);
            CHECK(r.error() == s.result);
            CHECK(api.get(at(kObjects, id)).json == before.json);
        }
        // The allowed ones, each from its own object.
        api.clock.advance(std::chrono::seconds(1));
        const Reply reviewed_now = act(draft, "review");
        CHECK(reviewed_now.status == 200);
        CHECK(field(reviewed_now, "status") == "reviewed");
        CHECK(field(reviewed_now, "updated_at") !=
              field(api.get(at(kObjects, reviewed)), "updated_at"));
        const Reply published_now = act(reviewed, "publish");
        CHECK(published_now.status == 200);
        CHECK(field(published_now, "status") == "published");
        const Reply unpublished = act(published, "unpublish");
        CHECK(unpublished.status == 200);
        CHECK(field(unpublished, "status") == "reviewed");
        CHECK(api.get(at(kObjects, published)).json == unpublished.json);
        for (const char* action : {"review", "publish", "unpublish"}) {
            const Reply unknown = act(published + 1000, action);
            CHECK(unknown.status == 404);
            CHECK(unknown.error() == "Not found");
        }
    }
}

TEST_CASE("objects: DELETE", "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(10, 10);
    const Id free_object = api.object(picture);
    const Id used = api.object(picture);
    const Id alias_deleted = api.object(picture);
    const Id pair = api.pair(picture, used);
    const Reply q =
        api.post("/api/cms/db-questions",
                 R"({"object_id":)" + std::to_string(free_object) + R"(,"text_de":"Was?"})");
    REQUIRE(q.status == 201);
    api.label(free_object, "Ball");

    const Reply gone = api.del(at(kObjects, free_object));
    CHECK(gone.status == 204);
    CHECK(gone.body.empty());
    CHECK(api.get(at(kObjects, free_object)).status == 404);
    CHECK(api.del(at(kObjects, free_object)).status == 404);
    CHECK(api.get(at(kObjects, free_object, "/words")).status == 404);
    CHECK(api.get(at("/api/cms/db-questions", q.json.at("id").as_int64()))
              .json.at("object_id")
              .is_null());
    CHECK(rows_where(*api.db, "object_words", "object_id", free_object) == 0);

    CHECK(api.del(at("/api/cms/objects", alias_deleted)).status == 204);
    CHECK(api.get(at("/api/cms/objects", alias_deleted)).status == 404);

    const Reply refused = api.del(at(kObjects, used));
    CHECK(refused.status == 409);
    CHECK(refused.error() ==
          "Object " + std::to_string(used) + " is used by 1 pair(s): delete them first");
    CHECK(api.del(at("/api/cms/objects", used)).status == 409);
    CHECK(api.get(at(kObjects, used)).status == 200);
    REQUIRE(api.del(at("/api/cms/db-pairs", pair)).status == 204);
    CHECK(api.del(at(kObjects, used)).status == 204);
    CHECK(ids_of(api.get(kObjects)).empty());
}

TEST_CASE("objects: the label word", "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(10, 10);
    const Id object = api.object(picture);
    const std::string words = at(kObjects, object, "/words");

    const Reply first =
        api.post(words, R"({"title_de":"Apfel","title_en":"apple","title_sv":"äpple"})");
    INFO(text(first));
    REQUIRE(first.status == 201);
    const auto& apple = only_label(first);
    CHECK(apple.at("title_de") == "Apfel");
    CHECK(apple.at("title_en") == "apple");
    CHECK(apple.at("title_sv") == "äpple");
    CHECK(apple.at("level") == 1);
    CHECK(apple.at("status") == "draft");
    CHECK(apple.at("is_label") == true);
    CHECK(apple.at("link_id").as_int64() > 0);
    const Id apple_id = apple.at("id").as_int64();
    const Id apple_link = apple.at("link_id").as_int64();
    // The same word listed three ways.
    for (const std::string& path :
         {words, at("/api/cms/objects", object, "/words"), at("/api/object", object, "/words")}) {
        const Reply r = api.get(path);
        INFO(path);
        CHECK(r.status == 200);
        CHECK(r.json == first.json);
    }

    SECTION("another title replaces the label") {
        const Reply second = api.post(words, R"({"title_de":"Birne","level":4})");
        REQUIRE(second.status == 201);
        const auto& pear = only_label(second);
        CHECK(pear.at("title_de") == "Birne");
        CHECK(pear.at("level") == 4);
        CHECK(pear.at("is_label") == true);
        CHECK(pear.at("link_id").as_int64() != apple_link);
        CHECK(api.get(words).json == second.json);
        CHECK(api.get(at("/api/object", object, "/words")).json == second.json);
        // The old word stays, its link went.
        CHECK(api.get(at("/api/cms/db-words", apple_id)).status == 200);
        api.storage().content().read([&](ContentTx& tx) {
            const auto links = tx.object_word_links(object);
            REQUIRE(links.size() == 1);
            CHECK(links[0].word_id == pear.at("id").as_int64());
            CHECK(links[0].is_label);
        });
        CHECK(rows_where(*api.db, "object_words", "object_id", object) == 1);
        CHECK(sql_integer(*api.db, "SELECT COUNT(*) FROM object_words WHERE object_id = " +
                                       std::to_string(object) + " AND is_label = " +
                                       (api.db->name() == "postgresql" ? "TRUE" : "1")) == 1);

        // The same title again: 200, nothing new; case does not matter.
        const Reply same = api.post(words, R"({"title_de":"Birne"})");
        CHECK(same.status == 200);
        CHECK(same.json == second.json);
        const Reply lower =
            api.post(at("/api/cms/objects", object, "/words"), R"({"title_de":"  birne "})");
        CHECK(lower.status == 200);
        CHECK(lower.json == second.json);
        // Back to the first word (found case-insensitively): a new link, the same word.
        const Reply back = api.post(words, R"({"title_de":"APFEL"})");
        CHECK(back.status == 201);
        CHECK(only_label(back).at("id") == apple_id);
        CHECK(only_label(back).at("title_de") == "Apfel");
    }
    SECTION("umlauts are matched case-insensitively too") {
        const Id apples = api.word("Äpfel", 5);
        const Reply r = api.post(words, R"({"title_de":"äpfel"})");
        INFO(text(r));
        REQUIRE(r.status == 201);
        CHECK(only_label(r).at("id") == apples);
        CHECK(only_label(r).at("title_de") == "Äpfel");
        CHECK(only_label(r).at("level") == 5);
        const Reply upper = api.post(words, R"({"title_de":"ÄPFEL"})");
        CHECK(upper.status == 200);
        CHECK(only_label(upper).at("id") == apples);
        const Reply oil = api.post(words, R"({"title_de":"Öl"})");
        REQUIRE(oil.status == 201);
        const Reply again = api.post(words, R"({"title_de":"öL"})");
        INFO(text(again));
        CHECK(again.status == 200);
        CHECK(only_label(again).at("id") == only_label(oil).at("id"));
        const Reply donkey = api.post(words, R"({"title_de":"åsna"})");
        REQUIRE(donkey.status == 201);
        CHECK(only_label(api.post(words, R"({"title_de":"ÅSNA"})")).at("id") ==
              only_label(donkey).at("id"));
        // Exactly one word per folded title exists: Apfel, Äpfel, Öl, åsna.
        CHECK(ids_of(api.get("/api/cms/db-words?limit=200")).size() == 4);
    }
    SECTION("categories given are added to an existing word") {
        const Id animals = api.category("Obst");
        const Reply r = api.post(
            words, R"({"title_de":"apfel","category_ids":[)" + std::to_string(animals) + "]}");
        REQUIRE(r.status == 200);
        CHECK(only_label(r).at("category_ids") == boost::json::array{animals});
        CHECK(only_label(r).at("categories") ==
              boost::json::array{boost::json::object{{"id", animals}, {"label", "Obst"}}});
        CHECK(api.get(at("/api/cms/db-words", apple_id)).json.at("category_ids") ==
              boost::json::array{animals});
    }
    SECTION("validation and unknown objects") {
        for (const auto& [body, error] : std::vector<std::pair<std::string, std::string>>{
                 {"{}", "title_de is required"},
                 {R"({"title_de":"  "})", "title_de is required"},
                 {R"({"title_de":7})", "title_de must be a string"},
                 {R"({"title_de":"Kiwi","level":0})", "level must be an integer from 1 to 100"},
                 {R"({"title_de":"Kiwi","level":101})", "level must be an integer from 1 to 100"},
                 {R"({"title_de":"Kiwi","category_ids":[99999]})",
                  "category_ids[0]: no such category"},
                 {R"({"title_de":"Kiwi","category_ids":"1"})",
                  "category_ids must be an array of positive integers"},
             }) {
            const Reply r = api.post(words, body);
            INFO(body << ": " << text(r));
            CHECK(r.status == 400);
            CHECK(r.error() == error);
        }
        CHECK(api.get(words).json == first.json);
        CHECK(api.post(at(kObjects, object + 100, "/words"), R"({"title_de":"Kiwi"})").status ==
              404);
        CHECK(api.get(at(kObjects, object + 100, "/words")).status == 404);
        CHECK(api.get(at("/api/object", object + 100, "/words")).error() == "Not found");
    }
}

TEST_CASE("objects: purge-orphans of one object", "[authoring][objects]") {
    StaffApi api;
    const Id picture = api.picture(10, 10);
    const Id object = api.object(picture);
    api.label(object, "Stuhl");
    for (const char* base : kBases) {
        const Reply r = api.post(at(base, object, "/purge-orphans"), "");
        INFO(base << ": " << text(r));
        CHECK(r.status == 200);
        CHECK(r.json == boost::json::parse(R"({"removed":0})"));
        const Reply unknown = api.post(at(base, object + 50, "/purge-orphans"), "");
        CHECK(unknown.status == 404);
        CHECK(unknown.error() == "Not found");
    }
    // The good link stays.
    CHECK(ids_of(api.get(at(kObjects, object, "/words"))).size() == 1);
}
