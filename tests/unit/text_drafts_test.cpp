// Drafts of live texts (core/domain/text_drafts.hpp, core/app/authoring/text_drafts.hpp;
// docs/authoring-guide.md "Drafts of published content"), on the memory adapters: what learners
// see stays as it was until the draft is reviewed and published.
#include <catch2/catch.hpp>

#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/review.hpp"
#include "core/app/authoring/text_drafts.hpp"
#include "core/app/authoring/texts.hpp"
#include "tests/unit/support/authoring_world.hpp"

using namespace ll;
using namespace ll::test;
using std::chrono::seconds;

namespace {

struct DraftWorld : ObjectWorld {
    Statement statement(const std::string& text) {
        return ok(decoded(create_statement, ports, body(R"({"text_de":")" + text + R"("})")));
    }
    Statement published(const std::string& text) {
        const Statement s = statement(text);
        ok(change_statement_status(ports, s.id, ReviewAction::review));
        return ok(change_statement_status(ports, s.id, ReviewAction::publish));
    }
    Statement patch(Id id, const std::string& json) {
        clock.advance(seconds(1));
        return ok(decoded(patch_statement, ports, id, body(json), VersionCondition{}));
    }
    Statement stored_statement(Id id) {
        return *stored([&](ContentTx& tx) { return tx.statement(id); });
    }
    std::vector<Audio> audios_of(const char* table, Id id) {
        return stored([&](ContentTx& tx) { return tx.audios_of_item(table, id); });
    }
};

}  // namespace

TEST_CASE("text drafts: an edit of a published statement is kept beside it",
          "[authoring][drafts]") {
    DraftWorld w;
    const Statement live = w.published("Der Hund bellt.");

    const Statement edited = w.patch(live.id, R"({"text_de":"Der Hund schläft.","text_en":"x"})");
    CHECK(edited.text_de == "Der Hund bellt.");
    CHECK_FALSE(edited.text_en);
    CHECK(edited.status == "published");
    CHECK(edited.updated_at == live.updated_at);  // the published version did not change
    REQUIRE(edited.draft);
    CHECK(edited.draft->text_de == "Der Hund schläft.");
    CHECK(edited.draft->text_en == "x");
    CHECK(edited.draft->status == "draft");
    CHECK(w.stored_statement(live.id) == edited);

    // A second edit changes the draft (the fields it does not name stay as the draft has them).
    const Statement again = w.patch(live.id, R"({"text_en":null})");
    REQUIRE(again.draft);
    CHECK(again.draft->text_de == "Der Hund schläft.");
    CHECK_FALSE(again.draft->text_en);
    // An edit back to the published texts leaves no draft.
    const Statement back = w.patch(live.id, R"({"text_de":"Der Hund bellt."})");
    CHECK_FALSE(back.draft);
    CHECK(w.stored_statement(live.id) == live);
}

TEST_CASE("text drafts: review, publish, unpublish and discard move the draft",
          "[authoring][drafts]") {
    DraftWorld w;
    const Statement live = w.published("Der Hund bellt.");
    w.patch(live.id, R"({"text_de":"Der Hund schläft."})");

    // Unreviewed, it cannot be published; reviewed, it can.
    const auto early = change_statement_status(w.ports, live.id, ReviewAction::publish);
    CHECK(status_of(early) == 409);
    CHECK(error_of(early) == "Only reviewed items can be published");
    const Statement reviewed = ok(change_statement_status(w.ports, live.id, ReviewAction::review));
    CHECK(reviewed.text_de == "Der Hund bellt.");
    CHECK(reviewed.draft->status == "reviewed");
    CHECK(error_of(change_statement_status(w.ports, live.id, ReviewAction::review)) ==
          "Cannot review a statement draft in status reviewed");
    // A changed draft is to be reviewed again.
    CHECK(w.patch(live.id, R"({"text_de":"Der Hund schläft tief."})").draft->status == "draft");
    ok(change_statement_status(w.ports, live.id, ReviewAction::review));
    w.clock.advance(seconds(1));
    const Statement published =
        ok(change_statement_status(w.ports, live.id, ReviewAction::publish));
    CHECK(published.text_de == "Der Hund schläft tief.");
    CHECK(published.status == "published");
    CHECK_FALSE(published.draft);
    CHECK(published.updated_at == w.clock.now());
    CHECK(w.stored_statement(live.id) == published);

    // Discard: the published texts stay.
    w.patch(live.id, R"({"text_de":"Verworfen."})");
    const Statement discarded = ok(discard_statement_draft(w.ports, live.id));
    CHECK_FALSE(discarded.draft);
    CHECK(discarded.text_de == "Der Hund schläft tief.");
    CHECK(w.stored_statement(live.id) == discarded);
    const auto none = discard_statement_draft(w.ports, live.id);
    CHECK(status_of(none) == 404);
    CHECK(error_of(none) == "Statement " + std::to_string(live.id) + " has no draft");
    CHECK(status_of(discard_statement_draft(w.ports, 999)) == 404);

    // Unpublish folds an unreviewed draft in: the statement is a draft again.
    w.patch(live.id, R"({"text_de":"Eingefaltet."})");
    const Statement folded = ok(change_statement_status(w.ports, live.id, ReviewAction::unpublish));
    CHECK(folded.text_de == "Eingefaltet.");
    CHECK(folded.status == "draft");
    CHECK_FALSE(folded.draft);
    CHECK(w.stored_statement(live.id) == folded);
    // Not live any more: edited in place.
    CHECK(w.patch(live.id, R"({"text_de":"Direkt."})").text_de == "Direkt.");
}

TEST_CASE("text drafts: a question's draft holds its short answers and level",
          "[authoring][drafts]") {
    DraftWorld w;
    const Question q = ok(decoded(create_question, w.ports,
                                  body(R"({"text_de":"Was ist das?","short_answer_de":"Hund"})")));
    ok(change_question_status(w.ports, q.id, ReviewAction::review));
    ok(change_question_status(w.ports, q.id, ReviewAction::publish));
    const Question edited = ok(decoded(patch_question, w.ports, q.id,
                                       body(R"({"short_answer_de":"Katze","level":7,"object_id":)" +
                                            std::to_string(w.object) + "}"),
                                       VersionCondition{}));
    CHECK(edited.short_answer_de == "Hund");
    CHECK(edited.level == 1);
    CHECK(edited.object_id == w.object);  // not a text learners see: changed in place
    REQUIRE(edited.draft);
    CHECK(edited.draft->short_answer_de == "Katze");
    CHECK(edited.draft->level == 7);
    ok(change_question_status(w.ports, q.id, ReviewAction::review));
    const Question published = ok(change_question_status(w.ports, q.id, ReviewAction::publish));
    CHECK(published.short_answer_de == "Katze");
    CHECK(published.level == 7);
    CHECK_FALSE(published.draft);
}

TEST_CASE("text drafts: a published pair's texts are live whatever their own status",
          "[authoring][drafts]") {
    DraftWorld w;
    const PairView made = ok(decoded(
        create_pair, w.ports,
        body(
            R"({"picture_id":)" + std::to_string(w.picture) + R"(,"object_id":)" +
            std::to_string(w.object) +
            R"(,"answer_type":"word","statement":{"text_de":"Ein Hund."},"question":{"text_de":"Was?"}})")));
    ok(change_pair_status(w.ports, made.pair.id, ReviewAction::review));
    const PairView live = ok(change_pair_status(w.ports, made.pair.id, ReviewAction::publish));
    const Id sid = *live.pair.statement_id;
    CHECK(w.stored_statement(sid).status == "draft");  // its own status: never moved

    // Through the pair's PATCH and the statement's own: both make a draft.
    w.clock.advance(seconds(1));
    const PairView edited =
        ok(decoded(patch_pair, w.ports, made.pair.id,
                   body(R"({"statement":{"text_de":"Zwei Hunde."}})"), VersionCondition{}));
    CHECK(edited.statement->text_de == "Ein Hund.");
    REQUIRE(edited.statement->draft);
    CHECK(edited.statement->draft->text_de == "Zwei Hunde.");
    CHECK(edited.pair.revised_at == live.pair.revised_at);  // learners' card unchanged
    w.patch(sid, R"({"text_en":"Two dogs."})");

    // The pair's review reviews the drafts; a second review has nothing to review.
    ok(change_pair_status(w.ports, made.pair.id, ReviewAction::review));
    CHECK(w.stored_statement(sid).draft->status == "reviewed");
    CHECK(error_of(change_pair_status(w.ports, made.pair.id, ReviewAction::review)) ==
          "Cannot review a pair draft in status reviewed");
    w.clock.advance(seconds(1));
    const PairView republished =
        ok(change_pair_status(w.ports, made.pair.id, ReviewAction::publish));
    CHECK(republished.pair.status == "published");
    CHECK(republished.statement->text_de == "Zwei Hunde.");
    CHECK(republished.statement->text_en == "Two dogs.");
    CHECK_FALSE(republished.statement->draft);
    CHECK(republished.pair.revised_at == w.clock.now());  // a new revision for learners

    // Unpublished, the pair no longer shows it: its draft is folded in.
    w.patch(sid, R"({"text_de":"Drei Hunde."})");
    ok(change_pair_status(w.ports, made.pair.id, ReviewAction::unpublish));
    const Statement after = w.stored_statement(sid);
    CHECK(after.text_de == "Drei Hunde.");
    CHECK_FALSE(after.draft);
}

TEST_CASE("text drafts: make_audio speaks the draft, written only when it is published",
          "[authoring][drafts][audio]") {
    DraftWorld w;
    const Statement live = w.published("Der Hund bellt.");
    ok(generate_audio(w.ports, GenerateAudio{AudioSource{"statements", live.id, "text_de", "de"}}));
    w.patch(live.id, R"({"text_de":"Der Hund schläft."})");
    ok(change_statement_status(w.ports, live.id, ReviewAction::review));

    // The live audio speaks the live text: current; the draft's publish is refused for it.
    const auto refused = change_statement_status(w.ports, live.id, ReviewAction::publish);
    CHECK(status_of(refused) == 409);
    CHECK(error_of(refused) == "The audio of statement " + std::to_string(live.id) +
                                   " (text_de) speaks an older text: make the audio again before "
                                   "publishing");

    const auto spoken = ok(speak_stale_audio(w.ports, AudioItem{"statements", live.id}));
    REQUIRE(spoken.size() == 1);
    CHECK(spoken[0].spoken_text == "Der Hund schläft.");
    // Not written yet: learners still hear what they read.
    CHECK(w.audios_of("statements", live.id).at(0).spoken_text == "Der Hund bellt.");

    // Spoken for another text (changed meanwhile): not written, still refused.
    std::vector<Audio> other = spoken;
    other[0].spoken_text = "Etwas anderes.";
    CHECK(status_of(change_statement_status(w.ports, live.id, ReviewAction::publish, other)) ==
          409);
    CHECK(w.audios_of("statements", live.id).at(0).spoken_text == "Der Hund bellt.");

    const Statement published =
        ok(change_statement_status(w.ports, live.id, ReviewAction::publish, spoken));
    CHECK(published.text_de == "Der Hund schläft.");
    const auto audios = w.audios_of("statements", live.id);
    REQUIRE(audios.size() == 1);
    CHECK(audios[0].spoken_text == "Der Hund schläft.");
    CHECK(audios[0].file_path == spoken[0].file_path);
}

namespace {

// A pair of `w`'s picture with a statement (and a question), reviewed and published when asked.
PairView pair_of(DraftWorld& w, const std::string& statement_json, bool publish) {
    const PairView made = ok(decoded(create_pair, w.ports,
                                     body(R"({"picture_id":)" + std::to_string(w.picture) +
                                          R"(,"answer_type":"word",)" + statement_json + "}")));
    if (!publish) return made;
    ok(change_pair_status(w.ports, made.pair.id, ReviewAction::review));
    return ok(change_pair_status(w.ports, made.pair.id, ReviewAction::publish));
}

PairView stored_pair(DraftWorld& w, Id id) {
    return ok(get_pair(w.ports, id));
}

}  // namespace

TEST_CASE("text drafts: a text a published pair still shows keeps its draft when unpublished",
          "[authoring][drafts]") {
    DraftWorld w;
    const Statement s = w.published("Der Hund bellt.");
    const PairView live = pair_of(w, R"("statement_id":)" + std::to_string(s.id), /*publish=*/true);
    w.patch(s.id, R"({"text_de":"Ungeprüft."})");
    const Statement unpublished =
        ok(change_statement_status(w.ports, s.id, ReviewAction::unpublish));
    CHECK(unpublished.status == "reviewed");
    CHECK(unpublished.text_de == "Der Hund bellt.");  // what the published pair shows
    REQUIRE(unpublished.draft);
    CHECK(unpublished.draft->text_de == "Ungeprüft.");
    CHECK(stored_pair(w, live.pair.id).statement->text_de == "Der Hund bellt.");

    // Its draft published through the statement's own route: a new revision of the pair.
    ok(change_statement_status(w.ports, s.id, ReviewAction::review));
    w.clock.advance(seconds(1));
    const Statement republished = ok(change_statement_status(w.ports, s.id, ReviewAction::publish));
    CHECK(republished.text_de == "Ungeprüft.");
    CHECK(republished.status == "reviewed");  // its own status: the draft's publish keeps it
    CHECK(stored_pair(w, live.pair.id).pair.revised_at == w.clock.now());
}

TEST_CASE("text drafts: a draft nothing keeps live is folded in, unreviewed as a draft",
          "[authoring][drafts]") {
    DraftWorld w;
    const PairView shown = pair_of(w, R"("statement":{"text_de":"Ein Hund."})", true);
    const Id sid = *shown.pair.statement_id;
    // Another, unpublished pair shares the statement; its own status is reviewed.
    const PairView other = pair_of(w, R"("statement_id":)" + std::to_string(sid), false);
    ok(change_statement_status(w.ports, sid, ReviewAction::review));
    w.patch(sid, R"({"text_de":"Zwei Hunde."})");
    REQUIRE(w.stored_statement(sid).draft);

    // The published pair goes: the statement is kept (the other pair uses it), its unreviewed
    // draft folded in and the statement a draft again, so nothing publishes it unreviewed.
    ok(delete_pair(w.ports, shown.pair.id));
    const Statement kept = w.stored_statement(sid);
    CHECK(kept.text_de == "Zwei Hunde.");
    CHECK_FALSE(kept.draft);
    CHECK(kept.status == "draft");
    CHECK(stored_pair(w, other.pair.id).statement->text_de == "Zwei Hunde.");
}

TEST_CASE("text drafts: a published pair gets no new question", "[authoring][drafts]") {
    DraftWorld w;
    const PairView live = pair_of(w, R"("statement":{"text_de":"Ein Hund."})", true);
    const auto refused =
        decoded(patch_pair, w.ports, live.pair.id,
                body(R"({"question":{"text_de":"Was ist das?"}})"), VersionCondition{});
    CHECK(status_of(refused) == 409);
    CHECK(error_of(refused) == "Pair " + std::to_string(live.pair.id) +
                                   " is published: unpublish it before adding a question");
    CHECK_FALSE(stored_pair(w, live.pair.id).question);
}
