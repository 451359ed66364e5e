// ContentStore contract: the content's history (core/ports/content/changes.hpp) -- a change
// round-trips, lists newest first by item, editor and picture, a page at a time; and the unit of
// work records every change it makes, with its author, in its own transaction
// (core/app/authoring/recording_tx.hpp).
#include <catch2/catch.hpp>

#include "adapters/http/json/body_parser.hpp"
#include "adapters/http/json/codec.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

namespace {

std::string json(const LooseValue& v) {
    return http::to_text(http::loose_json(v));
}
LooseValue value(const char* text) {
    return *http::parse_json(text);
}

ContentChange change_of(const char* item, Id item_id, std::optional<Id> editor,
                        std::optional<Id> picture, const char* action) {
    ContentChange c;
    c.item = item;
    c.item_id = item_id;
    c.editor_id = editor;
    c.picture_id = picture;
    c.action = action;
    c.at = ts("2026-12-07T10:11:12.345Z");
    return c;
}

std::vector<Id> ids(const std::vector<ContentChange>& changes) {
    std::vector<Id> out;
    for (const auto& c : changes) out.push_back(c.id);
    return out;
}

ChangePage page(int limit, std::optional<Id> before = {}) {
    ChangePage p;
    p.limit = limit;
    p.before = before;
    return p;
}

}  // namespace

TEST_CASE("content history: a change round-trips and lists newest first by filter", "[content]") {
    ContentDb c;
    auto full = change_of("statements", 5, 7, 3, change_action::kUpdate);
    full.before = value(R"({"text_de":"Ein Hund","draft":null,"level":2,"words":[1,2]})");
    full.after = value(
        R"({"text_de":"Eine Katze, süß","draft":{"text_de":"x","status":"draft"},"level":3,"words":[]})");
    const auto [a, b, d, e] = c.write([&](ContentTx& tx) {
        const Id first = tx.record_change(full);
        auto created = change_of("pairs", 9, std::nullopt, 3, change_action::kCreate);
        created.before = LooseValue::null();
        created.after = value(R"({"level":1})");
        const Id second = tx.record_change(created);
        auto deleted = change_of("statements", 5, 8, std::nullopt, change_action::kDelete);
        deleted.before = value(R"({"text_de":"Eine Katze, süß"})");
        deleted.after = LooseValue::null();
        const Id third = tx.record_change(deleted);
        const Id fourth = tx.record_change(change_of("words", 5, 7, std::nullopt, "update"));
        return std::tuple{first, second, third, fourth};
    });
    CHECK(a < b);
    CHECK(b < d);
    CHECK(d < e);
    c.read([&](ContentTx& tx) {
        const auto got = must(tx.change(a));
        CHECK(got.id == a);
        CHECK(got.item == "statements");
        CHECK(got.item_id == 5);
        CHECK(got.action == "update");
        CHECK(got.editor_id == Id{7});
        CHECK(got.picture_id == Id{3});
        CHECK(format_timestamp(got.at) == "2026-12-07T10:11:12.345Z");
        CHECK(json(got.before) == json(full.before));
        CHECK(json(got.after) == json(full.after));
        const auto system = must(tx.change(b));
        CHECK_FALSE(system.editor_id);
        CHECK(system.before.is_null());
        CHECK(json(system.after) == R"({"level":1})");
        CHECK(must(tx.change(d)).after.is_null());
        CHECK_FALSE(tx.change(e + 100));

        ChangeFilter item;
        item.item = "statements";
        item.item_id = 5;
        CHECK(ids(tx.changes(item, page(50))) == std::vector<Id>{d, a});
        ChangeFilter editor;
        editor.editor_id = 7;
        CHECK(ids(tx.changes(editor, page(50))) == std::vector<Id>{e, a});
        ChangeFilter picture;
        picture.picture_id = 3;
        CHECK(ids(tx.changes(picture, page(50))) == std::vector<Id>{b, a});
        CHECK(ids(tx.changes({}, page(2))) == std::vector<Id>{e, d});
        CHECK(ids(tx.changes({}, page(2, d))) == std::vector<Id>{b, a});
        CHECK(tx.changes({}, page(2, a)).empty());
        return 0;
    });
}

TEST_CASE("content history: the unit of work records each change with its author, or none",
          "[content]") {
    ContentDb c;
    const ChangeAuthor editor{11, ts("2026-12-07T09:00:00.000Z")};
    const auto made = write<std::tuple<Id, Id, Id>>(
        c.store, editor,
        [&](PictureRows& pictures, TextRows& texts, PairRows& pairs,
            WordLinkRows& links) -> Result<std::tuple<Id, Id, Id>> {
            const Id picture = pictures.insert_picture(full_picture()).id;
            auto st = texts.insert_statement(statement_with("Ein Hund"));
            Pair pair;
            pair.picture_id = picture;
            pair.statement_id = st.id;
            pair.answer_type = "yes_no";
            const Id p = pairs.insert_pair(pair).id;
            st.text_de = "Ein Hund bellt";
            texts.update_statement(st);
            texts.update_statement(st);  // no change: nothing recorded
            StatementDraft draft;
            draft.text_de = "Ein Hund schläft";
            texts.set_statement_draft(st.id, draft);
            (void)links;
            return std::tuple{picture, st.id, p};
        });
    REQUIRE(made);
    const auto [picture, statement, pair] = made.value();

    // A refused unit of work records nothing.
    const auto refused = write<Done>(c.store, editor, [&](TextRows& texts) -> Result<Done> {
        auto st = must(texts.statement(statement));
        st.text_en = "A dog";
        texts.update_statement(st);
        return errors::conflict("refused");
    });
    REQUIRE_FALSE(refused);

    c.read([&](ContentTx& tx) {
        const auto all = tx.changes({}, page(50));
        REQUIRE(all.size() == 5);  // picture, statement, pair created; statement twice changed
        for (const auto& ch : all) {
            CHECK(ch.editor_id == Id{11});
            CHECK(format_timestamp(ch.at) == "2026-12-07T09:00:00.000Z");
        }
        // Newest first: the draft, the edit, the pair, the statement, the picture.
        CHECK(all[4].item == "pictures");
        CHECK(all[4].action == "create");
        CHECK(all[4].picture_id == picture);
        CHECK(all[3].item == "statements");
        CHECK(all[3].action == "create");
        CHECK(
            json(all[3].after) ==
            R"({"text_de":"Ein Hund","text_en":null,"text_sv":null,"status":"draft","draft":null})");
        CHECK(all[2].item == "pairs");
        CHECK(all[2].item_id == pair);
        CHECK(all[1].action == "update");
        CHECK(all[1].picture_id == picture);  // the picture of a pair that shows it
        CHECK(json(all[1].before) == R"({"text_de":"Ein Hund"})");
        CHECK(json(all[1].after) == R"({"text_de":"Ein Hund bellt"})");
        CHECK(all[0].item_id == statement);
        CHECK(json(all[0].before) == R"({"draft":null})");
        CHECK(
            json(all[0].after) ==
            R"({"draft":{"text_de":"Ein Hund schläft","text_en":null,"text_sv":null,"status":"draft"}})");
        return 0;
    });

    // A delete keeps every field as it was; the system (no editor) is recorded as none.
    const auto deleted = write<Done>(c.store, ChangeAuthor{std::nullopt, editor.at},
                                     [&](PairRows& pairs) -> Result<Done> {
                                         pairs.delete_pair(pair);
                                         return Done{};
                                     });
    REQUIRE(deleted);
    c.read([&](ContentTx& tx) {
        const auto last = tx.changes({}, page(1)).front();
        CHECK(last.action == "delete");
        CHECK_FALSE(last.editor_id);
        CHECK(last.picture_id == picture);
        CHECK(last.after.is_null());
        CHECK(json(last.before["answer_type"]) == R"("yes_no")");
        return 0;
    });
}

TEST_CASE("content history: word links and what a delete changes elsewhere are recorded",
          "[content]") {
    ContentDb c;
    const ChangeAuthor editor{4, ts("2026-12-07T09:00:00.000Z")};
    const auto made = write<std::tuple<Id, Id, Id, Id, Id>>(
        c.store, editor,
        [&](PictureRows& pictures, ObjectRows& objects, TextRows& texts, PairRows& pairs,
            WordRows& words, WordLinkRows& links) -> Result<std::tuple<Id, Id, Id, Id, Id>> {
            const Id picture = pictures.insert_picture(full_picture()).id;
            const Id parent = objects.insert_object(object_of(picture)).id;
            const Id child = objects.insert_object(object_of(picture, parent)).id;
            const Id question = texts.insert_question(question_with("Was ist das?", parent)).id;
            Pair pair;
            pair.picture_id = picture;
            pair.object_id = parent;
            pair.answer_type = "word";
            const Id p = pairs.insert_pair(pair).id;
            Word w;
            w.title_de = "Hund";
            const Id word = words.find_or_insert_word(w).first.id;
            links.link_object_word(parent, word, true);
            return std::tuple{picture, parent, child, question, p};
        });
    REQUIRE(made);
    const auto [picture, parent, child, question, pair] = made.value();
    const auto newest = [&](const char* item, Id id) {
        return c.read([&](ContentTx& tx) {
            ChangeFilter f;
            f.item = item;
            f.item_id = id;
            return tx.changes(f, page(1)).front();
        });
    };
    const auto linked = newest("objects", parent);
    CHECK(json(linked.before) == R"({"words":[]})");
    REQUIRE(linked.after["words"].items.size() == 1);
    CHECK(linked.after["words"].items[0]["is_label"].boolean);
    CHECK(linked.picture_id == picture);

    // A link deleted by its id after the links were read: recorded on its object.
    REQUIRE(write<Done>(c.store, editor, [&](WordLinkRows& links) -> Result<Done> {
        links.delete_object_word_link(links.object_word_links(parent).front().id);
        return Done{};
    }));
    CHECK(json(newest("objects", parent).after) == R"({"words":[]})");

    // The picture's delete: its objects deleted, the child first losing its parent, the
    // question and the pair their object; each recorded.
    REQUIRE(
        write<Done>(c.store, editor, [&](PairRows& pairs, PictureRows& pictures) -> Result<Done> {
            pairs.delete_pair(pair);
            pictures.delete_picture(picture);
            return Done{};
        }));
    CHECK(newest("pictures", picture).action == "delete");
    CHECK(newest("objects", parent).action == "delete");
    CHECK(newest("objects", child).action == "delete");
    const auto orphaned = newest("questions", question);
    CHECK(orphaned.action == "update");
    CHECK(json(orphaned.before) == R"({"object_id":)" + std::to_string(parent) + "}");
    CHECK(json(orphaned.after) == R"({"object_id":null})");
    CHECK(orphaned.picture_id == picture);
}
