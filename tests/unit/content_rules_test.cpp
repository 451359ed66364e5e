// The authoring domain's pure rules: field validation (messages name the field), the state
// machines, case folding for de-duplication.
#include <catch2/catch.hpp>

#include "core/domain/content_states.hpp"
#include "core/domain/fields.hpp"
#include "core/domain/rules.hpp"

using namespace ll;

namespace {

LooseValue obj(std::vector<std::pair<std::string, LooseValue>> members) {
    return LooseValue::object(std::move(members));
}

LooseValue arr(std::vector<LooseValue> items) {
    return LooseValue::array(std::move(items));
}

template <typename T>
std::string message(const Result<T>& r) {
    return r ? std::string("(ok)") : r.error().message;
}

}  // namespace

TEST_CASE("fields: texts are trimmed, empty means absent, type and length checked",
          "[content][fields]") {
    CHECK(fields::text(LooseValue::of("  Hund "), "title_de", 10).value() == "Hund");
    CHECK_FALSE(fields::text(LooseValue::of("   "), "title_de", 10).value());
    CHECK_FALSE(fields::text(LooseValue::null(), "title_de", 10).value());
    CHECK_FALSE(fields::text(LooseValue::missing(), "title_de", 10).value());
    CHECK(message(fields::text(LooseValue::of(5), "title_de", 10)) == "title_de must be a string");
    CHECK(message(fields::text(LooseValue::of("Äpfelbäume!"), "title_de", 10)) ==
          "title_de must be at most 10 characters");
    CHECK(fields::text(LooseValue::of("Äpfelbäume"), "title_de", 10).value() == "Äpfelbäume");
    CHECK(message(fields::required_text(LooseValue::of(""), "title_de", 10)) ==
          "title_de is required");

    const auto keep = fields::text_change(LooseValue::missing(), "title", 10);
    CHECK_FALSE(keep->present);
    const auto clear = fields::text_change(LooseValue::null(), "title", 10);
    CHECK(clear->present);
    CHECK_FALSE(clear->value);
    const auto set = fields::text_change(LooseValue::of("x"), "title", 10);
    CHECK(set->value == "x");
}

// Found by fuzz/authoring_json_fuzz.cpp: a query value (percent-decoded, so any bytes) was
// stored as the picture title and echoed raw, so the answer was not valid JSON. PostgreSQL's
// text can hold neither such bytes nor NUL (which JSON can spell as \u0000).
TEST_CASE("fields: texts must be UTF-8 without NUL", "[content][fields]") {
    const std::string refused = "title must be UTF-8 text without NUL characters";
    for (const std::string& bad :
         {std::string("\xFF\xFE"), std::string("Hund\x80"), std::string("\xC3"),
          std::string("\xC0\xAF"), std::string("\xED\xA0\x80"), std::string("a\0b", 3),
          std::string(1, '\0')}) {
        INFO(bad.size());
        CHECK(message(fields::text(LooseValue::of(bad), "title", 200)) == refused);
        CHECK(message(fields::text_change(LooseValue::of(bad), "title", 200)) == refused);
    }
    CHECK(
        fields::text(LooseValue::of("Bäume \xEF\xBF\xBD \xF0\x9F\x90\x95"), "title", 200).value() ==
        "Bäume \xEF\xBF\xBD \xF0\x9F\x90\x95");
}

TEST_CASE("fields: integers, levels, ids, booleans, choices, id lists", "[content][fields]") {
    CHECK(fields::level(LooseValue::of(1)).value() == 1);
    CHECK(fields::level(LooseValue::of(100)).value() == 100);
    CHECK(fields::level(LooseValue::of("42")).value() == 42);
    CHECK(fields::level(LooseValue::of(7.0)).value() == 7);
    CHECK_FALSE(fields::level(LooseValue::missing()).value());
    for (const auto& bad : {LooseValue::of(0), LooseValue::of(101), LooseValue::of(7.5),
                            LooseValue::of("7x"), LooseValue::of(true), LooseValue::of(""),
                            LooseValue::object(), arr({LooseValue::of(3)})}) {
        CHECK(message(fields::level(bad)) == "level must be an integer from 1 to 100");
    }
    CHECK(fields::id(LooseValue::of(5), "picture_id").value() == 5);
    CHECK(fields::id(LooseValue::of(" 12 "), "picture_id").value() == 12);
    for (const auto& bad : {LooseValue::of(0), LooseValue::of(-3), LooseValue::of(1.5),
                            LooseValue::of("abc"), LooseValue::of(false)}) {
        CHECK(message(fields::id(bad, "picture_id")) == "picture_id must be a positive integer");
    }
    CHECK(fields::boolean(LooseValue::of(true), "objects_created").value() == true);
    CHECK(fields::boolean(LooseValue::of("false"), "objects_created").value() == false);
    CHECK(message(fields::boolean(LooseValue::of(1), "objects_created")) ==
          "objects_created must be true or false");
    CHECK(fields::choice(LooseValue::of("new"), "status", {"draft", "new"}).value() == "new");
    CHECK(message(fields::choice(LooseValue::of("x"), "status", {"draft", "new"})) ==
          "status must be one of draft, new");
    CHECK(fields::id_list(arr({LooseValue::of(3), LooseValue::of("4"), LooseValue::of(3)}), "ids")
              .value() == std::vector<Id>{3, 4});
    CHECK(fields::id_list(LooseValue::missing(), "ids").value().empty());
    CHECK(message(fields::id_list(LooseValue::of(3), "ids")) ==
          "ids must be an array of positive integers");
    CHECK(message(fields::id_list(arr({LooseValue::of(3), LooseValue::of(-1)}), "category_ids")) ==
          "category_ids[1] must be a positive integer");
}

TEST_CASE("fields: selections (bbox and polygon) within the picture", "[content][fields]") {
    const auto bbox = [](double x, double y, double w, double h) {
        return obj({{"type", LooseValue::of("bbox")},
                    {"x", LooseValue::of(x)},
                    {"y", LooseValue::of(y)},
                    {"w", LooseValue::of(w)},
                    {"h", LooseValue::of(h)}});
    };
    const auto point = [](double x, double y) {
        return arr({LooseValue::of(x), LooseValue::of(y)});
    };
    const auto polygon = [](std::vector<LooseValue> points) {
        return obj({{"type", LooseValue::of("polygon")}, {"points", arr(std::move(points))}});
    };
    const auto ok = fields::selections(
        arr({bbox(0, 0, 10, 5), polygon({point(1, 1), point(9, 1), point(5, 8)})}), "selections",
        64, 48);
    REQUIRE(ok);
    REQUIRE(ok->size() == 2);
    CHECK(ok.value()[0].type == Selection::Type::bbox);
    CHECK(ok.value()[0].w == 10);
    CHECK(ok.value()[1].points.size() == 3);
    // Without a known size only the shapes are checked.
    CHECK(fields::selections(arr({bbox(500, 500, 10, 10)}), "selections", std::nullopt,
                             std::nullopt));

    const std::pair<LooseValue, std::string> bad[] = {
        {LooseValue::of("x"), "selections must be an array of at most 1000 selections"},
        {arr({LooseValue::of(1)}), "selections[0] must be an object"},
        {arr({obj({{"type", LooseValue::of("circle")}})}),
         "selections[0].type must be bbox or polygon"},
        {arr({bbox(0, 0, 10, 5), bbox(-1, 0, 1, 1)}), "selections[1].x must be a number >= 0"},
        {arr({bbox(0, 0, 0, 5)}), "selections[0].w must be a number greater than 0"},
        {arr({obj({{"type", LooseValue::of("bbox")}, {"x", LooseValue::of("1")}})}),
         "selections[0].x must be a number >= 0"},
        {arr({polygon({point(1, 1), point(2, 2)})}),
         "selections[0].points must be an array of 3 to 10000 [x, y] points"},
        {arr({polygon({point(1, 1), point(2, 2), arr({LooseValue::of(1)})})}),
         "selections[0].points[2] must be [x, y] with numbers >= 0"},
        {arr({bbox(60, 0, 10, 5)}), "selections[0] must lie within the picture (64 x 48)"},
        {arr({polygon({point(1, 1), point(2, 2), point(3, 49)})}),
         "selections[0] must lie within the picture (64 x 48)"},
    };
    for (const auto& [value, expected] : bad) {
        CHECK(message(fields::selections(value, "selections", 64, 48)) == expected);
    }
}

TEST_CASE("state machine of reviewed items: every transition", "[content][states]") {
    const std::string statuses[] = {"draft", "reviewed", "published"};
    for (const auto& from : statuses) {
        const auto review = next_review_status("pair", from, ReviewAction::review);
        const auto publish = next_review_status("pair", from, ReviewAction::publish);
        const auto unpublish = next_review_status("pair", from, ReviewAction::unpublish);
        if (from == "draft") {
            CHECK(review.value() == "reviewed");
            CHECK(publish.error().status == 409);
            CHECK(publish.error().message == "Only reviewed items can be published");
            CHECK(unpublish.error().message == "Cannot unpublish a pair in status draft");
        } else if (from == "reviewed") {
            CHECK(review.error().message == "Cannot review a pair in status reviewed");
            CHECK(publish.value() == "published");
            CHECK(unpublish.error().message == "Cannot unpublish a pair in status reviewed");
        } else {
            CHECK(review.error().message == "Cannot review a pair in status published");
            CHECK(publish.error().message == "Cannot publish a pair in status published");
            CHECK(unpublish.value() == "reviewed");
        }
    }
    CHECK(next_review_status("statement", "draft", ReviewAction::unpublish).error().message ==
          "Cannot unpublish a statement in status draft");
}

TEST_CASE("state machines of words and pictures", "[content][states]") {
    CHECK(next_word_status("draft", WordAction::publish).value() == "published");
    CHECK(next_word_status("published", WordAction::unpublish).value() == "draft");
    CHECK(next_word_status("published", WordAction::publish).error().message ==
          "Cannot publish a word in status published");
    CHECK(next_word_status("draft", WordAction::unpublish).error().status == 409);

    CHECK(finish_annotation_status("new").value() == "drawing_created");
    for (const char* s : {"drawing_created", "draft", "objects_created"}) {
        CHECK(finish_annotation_status(s).error().message ==
              std::string("Cannot finish annotation of a picture in status ") + s);
    }
    CHECK(finish_status("draft").value() == "objects_created");
    for (const char* s : {"new", "drawing_created", "objects_created"}) {
        CHECK(finish_status(s).error().message ==
              std::string("Cannot finish a picture in status ") + s);
    }
    CHECK(status_of_picture_list("annotation") == "new");
    CHECK(status_of_picture_list("generation") == "drawing_created");
    CHECK(status_of_picture_list("pair-authoring") == "objects_created");
    CHECK(status_of_picture_list("other").empty());
}

TEST_CASE("fold_case: ASCII and Latin-1 letters, nothing else", "[content][text]") {
    CHECK(fold_case("HUND") == "hund");
    CHECK(fold_case("ÄPFEL") == "äpfel");
    CHECK(fold_case("Öl Über Åre ÆØ É") == "öl über åre æø é");
    CHECK(fold_case("Straße") == "straße");  // ß has no single upper case here
    CHECK(fold_case("2×3") == "2×3");        // the multiplication sign is not a letter
    CHECK(fold_case("ΑΒΓ") == "ΑΒΓ");        // Greek is left as it is
    CHECK(fold_case(std::string("\xC3", 1)) == std::string("\xC3", 1));  // truncated UTF-8
}
