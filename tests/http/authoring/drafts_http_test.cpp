// Drafts of published content (docs/authoring-guide.md "Drafts of published content"): an edit of
// a live statement or question (published, or shown by a published pair) is kept as its draft;
// learners go on seeing the published texts, and hearing audio that speaks them, until the draft
// is reviewed and published. Real espeak-ng, the learner API's /feed on the same database.
#include "tests/http/authoring/support/json_helpers.hpp"

using namespace ll;
using namespace ll::test;

namespace {

std::optional<std::string> spoken_de(StaffApi& api, Id statement) {
    const auto row = in_store(api, [&](ContentTx& tx) {
        return tx.audio(AudioSource{"statements", statement, "text_de", "de"});
    });
    REQUIRE(row.has_value());
    return row->spoken_text;
}

}  // namespace

TEST_CASE("drafts: an edit of a published pair's statement stays invisible until republished",
          "[authoring][drafts]") {
    StaffApi api;
    const Id picture = api.picture(32, 24);
    const Id pair = api.pair(picture);
    const Id statement = statement_of(api, pair);
    speak(api, "statements", statement, "text_de", "de");
    api.publish_pair(pair);
    const std::string token = register_learner(api, "drafts@example.com");
    const std::string before = feed_text(api, token);
    const std::string pair_path = at("/api/cms/db-pairs", pair);

    // The pair's edit form: the statement answers its published text and the draft beside it.
    const Reply edited =
        ok_reply(api.patch(pair_path, R"({"statement":{"text_de":"Der Hund schläft."}})"));
    const json::value& st = edited.json.at("statement");
    CHECK(str(st, "text_de") == before);
    CHECK(str(st.at("draft"), "text_de") == "Der Hund schläft.");
    CHECK(str(st.at("draft"), "status") == "draft");
    CHECK(str(edited.json, "status") == "published");
    CHECK(feed_text(api, token) == before);
    // The learner preview: as learners get it now, or with the drafts published (draft=true),
    // where the audio of the published text is stale and counts as none.
    const Reply now = ok_reply(api.get(pair_path + "/preview?lang=de"));
    CHECK_FALSE(now.json.at("draft").as_bool());
    CHECK(str(now.json.at("item").at("statement"), "de") == before);
    CHECK(now.json.at("in_feed").as_bool());
    const Reply will = ok_reply(api.get(pair_path + "/preview?lang=de&draft=true"));
    CHECK(will.json.at("draft").as_bool());
    CHECK(str(will.json.at("item").at("statement"), "de") == "Der Hund schläft.");
    CHECK_FALSE(will.json.at("in_feed").as_bool());
    CHECK(to_text(will.json.at("reasons")) == R"(["The statement has no audio in de"])");
    const Reply bad_flag = api.get(pair_path + "/preview?draft=yes");
    CHECK(bad_flag.status == 400);
    CHECK(bad_flag.error() == "draft must be true or false");
    // The statement's own answer shows the same.
    const Reply own = ok_reply(api.get(at("/api/cms/db-statements", statement)));
    CHECK(str(own.json, "text_de") == before);
    CHECK(str(own.json.at("draft"), "text_de") == "Der Hund schläft.");

    // A new question would reach learners unreviewed: refused while the pair is published.
    const Reply question = api.patch(pair_path, R"({"question":{"text_de":"Was ist das?"}})");
    CHECK(question.status == 409);
    CHECK(str(question.json, "code") == "pair_published");
    CHECK(question.error() ==
          "Pair " + std::to_string(pair) + " is published: unpublish it before adding a question");

    // The content lists find it by has_draft (words have no drafts: not their filter).
    const Reply drafted = ok_reply(api.get("/api/content/pairs?has_draft=true"));
    REQUIRE(drafted.json.at("items").as_array().size() == 1);
    CHECK(id_of(drafted.json.at("items").at(0)) == pair);
    CHECK(ok_reply(api.get("/api/content/pairs?has_draft=false")).json.at("total").as_int64() == 0);
    CHECK(ok_reply(api.get("/api/content/statements?has_draft=true")).json.at("total").as_int64() ==
          1);
    const Reply bad = api.get("/api/content/statements?has_draft=yes");
    CHECK(bad.status == 400);
    CHECK(bad.error() == "has_draft must be true or false");
    const Reply words = api.get("/api/content/words?has_draft=true");
    CHECK(words.status == 400);
    CHECK(words.error() == "has_draft is not a filter of words");

    // Publishing waits for a review of the draft, then for audio that speaks it.
    const Reply early = api.post(pair_path + "/publish", "");
    CHECK(early.status == 409);
    CHECK(early.error() == "Only reviewed items can be published");
    const Reply reviewed = ok_reply(api.post(pair_path + "/review", ""));
    CHECK(str(reviewed.json.at("statement").at("draft"), "status") == "reviewed");
    CHECK(str(reviewed.json, "status") == "published");
    const Reply again = api.post(pair_path + "/review", "");
    CHECK(again.status == 409);
    CHECK(again.error() == "Cannot review a pair draft in status reviewed");
    const Reply stale = api.post(pair_path + "/publish", "");
    INFO(text(stale));
    CHECK(stale.status == 409);
    CHECK(str(stale.json, "code") == "audio_stale");
    CHECK(feed_text(api, token) == before);
    CHECK(spoken_de(api, statement) == before);

    // make_audio=true speaks the draft and publishes it, both at once for learners.
    const Reply published = ok_reply(api.post(pair_path + "/publish?make_audio=true", ""));
    CHECK(str(published.json.at("statement"), "text_de") == "Der Hund schläft.");
    CHECK(published.json.at("statement").at("draft").is_null());
    CHECK(feed_text(api, token) == "Der Hund schläft.");
    CHECK(spoken_de(api, statement) == "Der Hund schläft.");
    // Published: the draft preview is what learners get.
    const Reply same = ok_reply(api.get(pair_path + "/preview?lang=de&draft=true"));
    CHECK(str(same.json.at("item").at("statement"), "de") == "Der Hund schläft.");
    CHECK(same.json.at("in_feed").as_bool());
}

TEST_CASE("drafts: a published statement's draft is reviewed, published or discarded",
          "[authoring][drafts]") {
    StaffApi api;
    const Reply made = ok_reply(
        api.post("/api/cms/db-statements", R"({"text_de":"Ein Hund.","text_en":"A dog."})"), 201);
    CHECK(made.json.at("draft").is_null());
    const Id id = id_of(made.json);
    const std::string path = at("/api/cms/db-statements", id);
    // Not live: edited in place, and there is no draft to discard.
    CHECK(str(ok_reply(api.patch(path, R"({"text_de":"Ein kleiner Hund."})")).json, "text_de") ==
          "Ein kleiner Hund.");
    const Reply none = api.del(path + "/draft");
    CHECK(none.status == 404);
    CHECK(none.error() == "Statement " + std::to_string(id) + " has no draft");
    CHECK(api.del(at("/api/cms/db-statements", 999999, "/draft")).status == 404);

    ok_reply(api.post(path + "/review", ""));
    ok_reply(api.post(path + "/publish", ""));
    const Reply drafted = ok_reply(api.patch(path, R"({"text_en":"A small dog."})"));
    CHECK(str(drafted.json, "text_en") == "A dog.");
    CHECK(str(drafted.json.at("draft"), "text_en") == "A small dog.");
    CHECK(str(drafted.json.at("draft"), "text_de") == "Ein kleiner Hund.");
    CHECK(ok_reply(api.get(path)).header("etag") == drafted.header("etag"));
    // The version covers the draft: a second change of it is another version, and a request
    // made from the first is refused (412), draft and all.
    const Reply redrafted = ok_reply(api.patch(path, R"({"text_en":"A tiny dog."})"));
    CHECK(redrafted.header("etag") != drafted.header("etag"));
    const Reply late = api.client->call("DELETE", path + "/draft", "",
                                        {{"Authorization", std::string("Bearer ") + kDevToken},
                                         {"If-Match", drafted.header("etag")}});
    CHECK(late.status == 412);
    CHECK(str(ok_reply(api.get(path)).json.at("draft"), "text_en") == "A tiny dog.");

    // Discarded: the published texts stay, the draft is gone.
    const Reply discarded =
        ok_reply(api.client->call("DELETE", path + "/draft", "",
                                  {{"Authorization", std::string("Bearer ") + kDevToken},
                                   {"If-Match", redrafted.header("etag")}}));
    CHECK(discarded.json.at("draft").is_null());
    CHECK(str(discarded.json, "text_en") == "A dog.");
    CHECK(ok_reply(api.get(path)).json.at("draft").is_null());

    // Reviewed and published: the draft's texts are the statement's.
    ok_reply(api.patch(path, R"({"text_en":"A little dog."})"));
    CHECK(api.post(path + "/publish", "").error() == "Only reviewed items can be published");
    CHECK(str(ok_reply(api.post(path + "/review", "")).json.at("draft"), "status") == "reviewed");
    const Reply published = ok_reply(api.post(path + "/publish", ""));
    CHECK(str(published.json, "text_en") == "A little dog.");
    CHECK(str(published.json, "status") == "published");
    CHECK(published.json.at("draft").is_null());

    // Unpublish folds a draft in: an unreviewed one leaves the statement a draft.
    ok_reply(api.patch(path, R"({"text_en":"The dog."})"));
    const Reply unpublished = ok_reply(api.post(path + "/unpublish", ""));
    CHECK(str(unpublished.json, "text_en") == "The dog.");
    CHECK(str(unpublished.json, "status") == "draft");
    CHECK(unpublished.json.at("draft").is_null());
}

TEST_CASE("drafts: a published question's draft holds its short answers and level",
          "[authoring][drafts]") {
    StaffApi api;
    const Id id = id_of(ok_reply(api.post("/api/cms/db-questions",
                                          R"({"text_de":"Was ist das?","short_answer_de":"Hund"})"),
                                 201)
                            .json);
    const std::string path = at("/api/cms/db-questions", id);
    ok_reply(api.post(path + "/review", ""));
    ok_reply(api.post(path + "/publish", ""));
    const Reply drafted = ok_reply(api.patch(path, R"({"short_answer_de":"Katze","level":9})"));
    CHECK(str(drafted.json, "short_answer_de") == "Hund");
    CHECK(drafted.json.at("level").as_int64() == 1);
    const json::value& d = drafted.json.at("draft");
    CHECK(str(d, "short_answer_de") == "Katze");
    CHECK(d.at("level").as_int64() == 9);
    CHECK(str(d, "status") == "draft");
    ok_reply(api.post(path + "/review", ""));
    const Reply published = ok_reply(api.post(path + "/publish", ""));
    CHECK(str(published.json, "short_answer_de") == "Katze");
    CHECK(published.json.at("level").as_int64() == 9);
    CHECK(published.json.at("draft").is_null());
    // Its draft discarded the same way.
    ok_reply(api.patch(path, R"({"text_de":"Wer ist das?"})"));
    CHECK(ok_reply(api.del(path + "/draft")).json.at("draft").is_null());
    CHECK(str(ok_reply(api.get(path)).json, "text_de") == "Was ist das?");
}
