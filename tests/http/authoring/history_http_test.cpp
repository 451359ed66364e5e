// The content's history (docs/authoring-guide.md "History"): who changed what and when, per
// item, per editor and per picture, a page at a time; and a text's earlier version restored as
// its edit, which a live text keeps as its draft while learners see the published one.
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

const json::array& changes_of(const Reply& r) {
    return r.json.at("changes").as_array();
}

}  // namespace

TEST_CASE("history: each change is recorded with its editor, instant and fields before and after",
          "[authoring][history]") {
    StaffApi api;
    const Id picture = api.picture(32, 24);
    const Id pair = api.pair(picture);
    const Id statement = statement_of(api, pair);
    const std::string ann = api.staff_token("editor", 1);
    const std::string bo = api.staff_token("editor", 2);
    const Id ann_id = api.staff_account("editor", 1);
    const Id bo_id = api.staff_account("editor", 2);
    const std::string path = at("/api/cms/db-statements", statement);
    const std::string old_de = str(ok_reply(api.get(path)).json, "text_de");

    ok_reply(api.patch(path, R"({"text_de":"Der Hund schläft."})", ann));
    ok_reply(api.patch(path, R"({"text_en":"The dog sleeps."})", bo));
    ok_reply(api.patch(path, R"({"text_en":"The dog sleeps."})", bo));  // nothing changed

    const std::string of_item =
        "/api/content/changes?item=statements&item_id=" + std::to_string(statement);
    const Reply item = ok_reply(api.get(of_item));
    const auto& changes = changes_of(item);
    REQUIRE(changes.size() == 3);  // newest first: Bo's edit, Ann's, the statement's creation
    CHECK(changes[0].at("editor_id").as_int64() == bo_id);
    CHECK(str(changes[0], "editor_email") == "editor-2@example.com");
    CHECK(str(changes[0], "action") == "update");
    CHECK(str(changes[0], "item") == "statements");
    CHECK(changes[0].at("item_id").as_int64() == statement);
    CHECK(changes[0].at("picture_id").as_int64() == picture);
    CHECK(to_text(changes[0].at("after")) == R"({"text_en":"The dog sleeps."})");
    CHECK(changes[1].at("editor_id").as_int64() == ann_id);
    CHECK(str(changes[1].at("before"), "text_de") == old_de);
    CHECK(str(changes[1].at("after"), "text_de") == "Der Hund schläft.");
    CHECK(str(changes[1], "at").size() == 24);  // 2026-12-07T10:11:12.345Z
    CHECK(str(changes[2], "action") == "create");
    CHECK(changes[2].at("editor_id").is_null());  // the development token: no account
    CHECK(changes[2].at("editor_email").is_null());
    CHECK(changes[2].at("before").is_null());
    CHECK(item.json.at("next_before").is_null());

    // One change by its id; one editor's activity; one picture's.
    const Reply one = ok_reply(api.get(at("/api/content/changes", id_of(changes[1]))));
    CHECK(to_text(one.json.at("after")) == to_text(changes[1].at("after")));
    const Reply by_ann =
        ok_reply(api.get("/api/content/changes?editor_id=" + std::to_string(ann_id)));
    REQUIRE(changes_of(by_ann).size() == 1);
    CHECK(id_of(changes_of(by_ann)[0]) == id_of(changes[1]));
    const Reply on_picture =
        ok_reply(api.get("/api/content/changes?picture_id=" + std::to_string(picture)));
    std::set<std::string> items;
    for (const auto& c : changes_of(on_picture)) items.insert(str(c, "item"));
    CHECK(items == std::set<std::string>{"pictures", "pairs", "statements"});

    // A page at a time, by the cursor.
    const Reply first = ok_reply(api.get(of_item + "&limit=2"));
    REQUIRE(changes_of(first).size() == 2);
    const Id cursor = first.json.at("next_before").as_int64();
    CHECK(cursor == id_of(changes[1]));
    const Reply rest = ok_reply(api.get(of_item + "&limit=2&before=" + std::to_string(cursor)));
    REQUIRE(changes_of(rest).size() == 1);
    CHECK(id_of(changes_of(rest)[0]) == id_of(changes[2]));

    // Refused queries change nothing and say which parameter.
    const std::pair<std::string, std::string> bad[] = {
        {"?item=stories&item_id=1", "item must be one of"},
        {"?item=statements", "item_id is required with item and item_id"},
        {"?item_id=3", "item is required with item and item_id"},
        {"?editor_id=1&picture_id=1", "editor_id goes with no other filter"},
        {"?item=statements&item_id=1&picture_id=2", "picture_id goes with no other filter"},
        {"?limit=0", "limit must be"},
        {"?limit=201", "limit must be"},
        {"?before=abc", "before must be"},
    };
    for (const auto& [query, message] : bad) {
        INFO(query);
        const Reply r = api.get("/api/content/changes" + query);
        CHECK(r.status == 400);
        CHECK(r.error().rfind(message, 0) == 0);
    }
    CHECK(api.get("/api/content/changes/999999").status == 404);
    CHECK(changes_of(ok_reply(api.get(of_item))).size() == 3);
}

TEST_CASE("history: an earlier version of a published text is restored as its draft",
          "[authoring][history]") {
    StaffApi api;
    const Id picture = api.picture(32, 24);
    const Id pair = api.pair(picture);
    const Id statement = statement_of(api, pair);
    speak(api, "statements", statement, "text_de", "de");
    api.publish_pair(pair);
    const std::string token = register_learner(api, "history@example.com");
    const std::string first = feed_text(api, token);
    const std::string pair_path = at("/api/cms/db-pairs", pair);
    const std::string editor = api.staff_token("editor", 1);

    // The published text changes through a reviewed and published draft.
    ok_reply(api.patch(pair_path, R"({"statement":{"text_de":"Der Hund schläft."}})", editor));
    ok_reply(api.post(pair_path + "/review", "", editor));
    ok_reply(api.post(pair_path + "/publish?make_audio=true", "", editor));
    CHECK(feed_text(api, token) == "Der Hund schläft.");

    // The change that published it: its `before` holds the first text.
    const Reply history = ok_reply(
        api.get("/api/content/changes?item=statements&item_id=" + std::to_string(statement)));
    Id published = 0;
    for (const auto& c : changes_of(history)) {
        const auto& after = c.at("after");
        if (after.is_object() && after.as_object().contains("text_de") &&
            str(after, "text_de") == "Der Hund schläft.")
            published = id_of(c);
    }
    REQUIRE(published != 0);

    const Reply restored =
        ok_reply(api.post(at("/api/content/changes", published, "/restore"), "", editor));
    CHECK(str(restored.json, "item") == "statements");
    CHECK(restored.json.at("item_id").as_int64() == statement);
    const Reply now = ok_reply(api.get(at("/api/cms/db-statements", statement)));
    CHECK(str(now.json, "text_de") == "Der Hund schläft.");
    CHECK(str(now.json.at("draft"), "text_de") == first);
    CHECK(str(now.json.at("draft"), "status") == "draft");
    CHECK(feed_text(api, token) == "Der Hund schläft.");  // learners: unchanged until published
    // The restore is itself a change, by the editor who made it.
    const Reply after = ok_reply(api.get(
        "/api/content/changes?item=statements&item_id=" + std::to_string(statement) + "&limit=1"));
    CHECK(changes_of(after)[0].at("editor_id").as_int64() == api.staff_account("editor", 1));
    CHECK(str(changes_of(after)[0].at("after").at("draft"), "text_de") == first);

    // What cannot be restored: a creation, another kind of item, an unknown change.
    Id created = 0, pair_change = 0;
    for (const auto& c : changes_of(history))
        if (str(c, "action") == "create") created = id_of(c);
    const Reply on_picture =
        ok_reply(api.get("/api/content/changes?picture_id=" + std::to_string(picture)));
    for (const auto& c : changes_of(on_picture))
        if (str(c, "item") == "pairs") pair_change = id_of(c);
    REQUIRE(created != 0);
    REQUIRE(pair_change != 0);
    const Reply creation = api.post(at("/api/content/changes", created, "/restore"), "");
    CHECK(creation.status == 409);
    CHECK(creation.error() == "Change " + std::to_string(created) +
                                  " created the statement: it has no earlier version");
    const Reply of_pair = api.post(at("/api/content/changes", pair_change, "/restore"), "");
    CHECK(of_pair.status == 409);
    CHECK(of_pair.error() == "Only statements and questions can be restored; change " +
                                 std::to_string(pair_change) + " is of pairs");
    CHECK(api.post("/api/content/changes/999999/restore", "").status == 404);
}

TEST_CASE("history: a restore brings back the draft being worked on, or refuses what has no text",
          "[authoring][history]") {
    StaffApi api;
    const Reply made = ok_reply(
        api.post("/api/cms/db-statements", R"({"text_de":"Ein Hund.","text_en":"A dog."})"), 201);
    const Id id = id_of(made.json);
    const std::string path = at("/api/cms/db-statements", id);
    const std::string of_item =
        "/api/content/changes?item=statements&item_id=" + std::to_string(id);
    const auto newest = [&] {
        return id_of(changes_of(ok_reply(api.get(of_item + "&limit=1")))[0]);
    };

    // Not live: a restore changes the text in place.
    ok_reply(api.patch(path, R"({"text_de":"Ein kleiner Hund."})"));
    ok_reply(api.post(at("/api/content/changes", newest(), "/restore"), ""));
    const Reply in_place = ok_reply(api.get(path));
    CHECK(str(in_place.json, "text_de") == "Ein Hund.");
    CHECK(in_place.json.at("draft").is_null());

    // Published, then two drafts: restoring the change that replaced the first draft brings the
    // first draft back, not the published text.
    ok_reply(api.post(path + "/review", ""));
    ok_reply(api.post(path + "/publish", ""));
    ok_reply(api.patch(path, R"({"text_en":"A big dog."})"));
    ok_reply(api.patch(path, R"({"text_en":"A huge dog."})"));
    const Id second_draft = newest();
    ok_reply(api.post(at("/api/content/changes", second_draft, "/restore"), ""));
    const Reply restored = ok_reply(api.get(path));
    CHECK(str(restored.json, "text_en") == "A dog.");  // what learners see: unchanged
    CHECK(str(restored.json.at("draft"), "text_en") == "A big dog.");
    // Again: it already reads so.
    const Reply again = api.post(at("/api/content/changes", second_draft, "/restore"), "");
    CHECK(again.status == 409);
    CHECK(again.error() == "Nothing to restore: statement " + std::to_string(id) +
                               " reads as it did before change " + std::to_string(second_draft));
    // A review of the draft changes no text: nothing to restore either.
    ok_reply(api.post(path + "/review", ""));
    const Id review = newest();
    const Reply reviewed = api.post(at("/api/content/changes", review, "/restore"), "");
    CHECK(reviewed.status == 409);
    CHECK(reviewed.error() == "Change " + std::to_string(review) +
                                  " changed no text of the statement: there is nothing to restore");
    // If-Match: refused when the statement changed since the editor read it.
    const std::string read_etag = restored.header("etag");
    const Reply late = api.client->call(
        "POST", at("/api/content/changes", second_draft, "/restore"), "",
        {{"Authorization", std::string("Bearer ") + kDevToken}, {"If-Match", read_etag}});
    CHECK(late.status == 412);
    CHECK(str(ok_reply(api.get(path)).json.at("draft"), "status") == "reviewed");

    // A change of no text (here: the audio of a field) has nothing to restore.
    speak(api, "statements", id, "text_de", "de");
    const Id audio_change = newest();
    const Reply nothing = api.post(at("/api/content/changes", audio_change, "/restore"), "");
    CHECK(nothing.status == 409);
    CHECK(nothing.error() == "Change " + std::to_string(audio_change) +
                                 " changed no text of the statement: there is nothing to restore");
    CHECK(str(ok_reply(api.get(path)).json.at("draft"), "text_en") == "A big dog.");
    // A deleted item's change: 404.
    ok_reply(api.del(path + "/draft"));
    ok_reply(api.post(path + "/unpublish", ""));
    CHECK(api.del(path).status == 204);
    CHECK(api.post(at("/api/content/changes", second_draft, "/restore"), "").status == 404);
    const Reply newest_page = ok_reply(api.get(of_item + "&limit=1"));
    const auto& last = changes_of(newest_page)[0];
    CHECK(str(last, "action") == "delete");
    CHECK(last.at("after").is_null());
}
