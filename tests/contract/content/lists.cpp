// ContentStore contract: the studio's content lists (core/ports/content/lists.hpp) on every
// backend -- the search (a substring in any language, case-folded, within one language's text),
// each filter, the orders with their ties, the window and the total, and what a row carries.
#include <catch2/catch.hpp>

#include "tests/contract/content_support.hpp"

using namespace ll;
using namespace ll::test;

namespace {

std::vector<Id> ids_of(const PairListPage& page) {
    std::vector<Id> out;
    for (const auto& row : page.rows) out.push_back(row.pair.id);
    return out;
}

struct Lists {
    ContentDb c;
    Id picture = 0, animals = 0;
    Id cat = 0, dog = 0, apple = 0, bare = 0, blank = 0;
    Id dog_statement = 0, dog_question = 0;

    Lists() {
        c.write([&](ContentTx& tx) {
            picture = tx.insert_picture(full_picture()).id;  // titled "Küche"
            animals = must(tx.insert_category("Listentiere")).id;
            const auto pair = [&](std::optional<Id> statement, std::optional<Id> question,
                                  int level, const char* answer_type, const char* updated) {
                Pair p = pair_of(picture, statement, question);
                p.level = level;
                p.answer_type = answer_type;
                p.updated_at = ts(updated);
                return tx.insert_pair(p).id;
            };
            cat = pair(
                tx.insert_statement(statement_with("Die Hauskatze schläft.",
                                                   "The house cat sleeps.", "Huskatten sover."))
                    .id,
                std::nullopt, 2, "text", "2026-01-01T00:00:03.000Z");
            dog_statement = tx.insert_statement(statement_with("Der Hund", "The dog", "Hunden")).id;
            Question q = question_with("Was macht der Hund?");
            q.text_en = "What does the dog do?";
            q.text_sv = "Vad gör hunden?";
            q.short_answer_de = "Er bellt";
            dog_question = tx.insert_question(q).id;
            dog = pair(dog_statement, dog_question, 5, "question", "2026-01-01T00:00:01.000Z");
            apple = pair(tx.insert_statement(statement_with("ÄPFEL", std::nullopt, "Ett äpple")).id,
                         std::nullopt, 2, "word", "2026-01-01T00:00:03.000Z");
            bare = pair(std::nullopt, std::nullopt, 7, "yes_no", "2026-01-01T00:00:02.000Z");
            // Only white space in English counts as no text.
            blank = pair(tx.insert_statement(statement_with("Ein Baum", " \t", "Ett träd")).id,
                         std::nullopt, 1, "text", "2026-01-01T00:00:00.000Z");
            tx.set_pair_categories(dog, {animals});
            tx.set_pair_categories(cat, {animals});
            Pair published = *tx.pair(dog);
            published.status = status::kPublished;
            tx.update_pair(published);
        });
    }

    PairListPage list(PairListFilter f = {}, ListOrder order = {}, ListWindow window = {}) {
        return c.read([&](ContentTx& tx) { return tx.pair_list(f, order, window); });
    }
    std::vector<Id> search(const std::string& term) {
        PairListFilter f;
        f.text = term;
        return ids_of(list(f));
    }
};

}  // namespace

TEST_CASE("content lists: search in every language, case-folded, within one text", "[content]") {
    Lists l;
    CHECK(l.search("katze") == std::vector<Id>{l.cat});
    CHECK(l.search("KATZE") == std::vector<Id>{l.cat});
    CHECK(l.search("house cat") == std::vector<Id>{l.cat});
    CHECK(l.search("äpfel") == std::vector<Id>{l.apple});  // "ÄPFEL"
    CHECK(l.search("Äpple") == std::vector<Id>{l.apple});
    CHECK(l.search("macht") == std::vector<Id>{l.dog});  // the question's text
    CHECK(l.search("bellt").empty());                    // the short answers are not searched
    CHECK(l.search("hund") == std::vector<Id>{l.dog});
    CHECK(l.search("Hund The").empty());  // never across two languages
    CHECK(l.search("Küche").empty());     // nor the picture's title
    CHECK(l.search("50%").empty());
    CHECK(l.search("a\"b").empty());
    CHECK(l.search("H_nd").empty());
}

TEST_CASE("content lists: filters of pairs", "[content]") {
    Lists l;
    PairListFilter f;
    f.status = status::kPublished;
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.dog});
    f = {};
    f.level = 2;
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.cat, l.apple});
    f = {};
    f.answer_type = "yes_no";
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.bare});
    f = {};
    f.category_id = l.animals;
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.cat, l.dog});
    f = {};
    f.missing_text = {"en"};
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.apple, l.bare, l.blank});
    f.missing_text = {"de"};
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.bare});
    f.missing_text = {"de", "en", "sv"};
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.apple, l.bare, l.blank});

    // Audio: the dog's statement in every language and its question in German; a short
    // answer's audio is not the question's.
    l.c.write([&](ContentTx& tx) {
        for (const char* lang : {"de", "en", "sv"})
            tx.upsert_audio(current_audio_for(tx, "statements", l.dog_statement,
                                              std::string("text_") + lang, lang));
        tx.upsert_audio(current_audio_for(tx, "questions", l.dog_question, "text_de", "de"));
        tx.upsert_audio(
            current_audio_for(tx, "questions", l.dog_question, "short_answer_en", "en"));
    });
    f = {};
    f.missing_audio = {"de"};
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.cat, l.apple, l.blank});
    f.missing_audio = {"en"};  // the apple and the tree have no English to speak
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.cat, l.dog});
    f.missing_audio = {"de", "en", "sv"};
    f.level = 5;
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.dog});
    const PairListPage page = l.list(f);
    REQUIRE(page.rows.size() == 1);
    CHECK(page.rows[0].missing_audio == std::vector<std::string>{"en", "sv"});

    // Drafts (core/domain/text_drafts.hpp): the dog's question has one, the cat's statement too.
    l.c.write([&](ContentTx& tx) {
        QuestionDraft qd;
        qd.text_de = "Was tut der Hund?";
        tx.set_question_draft(l.dog_question, qd);
        StatementDraft sd;
        sd.text_de = "Die Katze schläft.";
        tx.set_statement_draft(*tx.pair(l.cat)->statement_id, sd);
    });
    f = {};
    f.has_draft = true;
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.cat, l.dog});
    f.has_draft = false;
    CHECK(ids_of(l.list(f)) == std::vector<Id>{l.apple, l.bare, l.blank});
    f.has_draft = true;
    f.status = status::kPublished;
    const PairListPage drafted = l.list(f);
    REQUIRE(drafted.rows.size() == 1);
    REQUIRE(drafted.rows[0].question);
    REQUIRE(drafted.rows[0].question->draft);
    CHECK(drafted.rows[0].question->draft->text_de == "Was tut der Hund?");
}

TEST_CASE("content lists: orders, ties by id, the window and the total", "[content]") {
    Lists l;
    const auto ordered = [&](ListSort by, bool descending) {
        return ids_of(l.list({}, ListOrder{by, descending}));
    };
    CHECK(ordered(ListSort::id, false) == std::vector<Id>{l.cat, l.dog, l.apple, l.bare, l.blank});
    CHECK(ordered(ListSort::id, true) == std::vector<Id>{l.blank, l.bare, l.apple, l.dog, l.cat});
    CHECK(ordered(ListSort::level, false) ==
          std::vector<Id>{l.blank, l.cat, l.apple, l.dog, l.bare});
    CHECK(ordered(ListSort::level, true) ==
          std::vector<Id>{l.bare, l.dog, l.cat, l.apple, l.blank});
    CHECK(ordered(ListSort::updated, true) ==
          std::vector<Id>{l.cat, l.apple, l.bare, l.dog, l.blank});
    // The statement's German text in code point order; none counts as empty.
    CHECK(ordered(ListSort::text, false) ==
          std::vector<Id>{l.bare, l.dog, l.cat, l.blank, l.apple});
    CHECK(ordered(ListSort::text, true) == std::vector<Id>{l.apple, l.blank, l.cat, l.dog, l.bare});

    const PairListPage page = l.list({}, ListOrder{ListSort::id, false}, ListWindow{1, 2});
    CHECK(ids_of(page) == std::vector<Id>{l.dog, l.apple});
    CHECK(page.total == 5);
    const PairListPage past = l.list({}, {}, ListWindow{9, 2});
    CHECK(past.rows.empty());
    CHECK(past.total == 5);

    PairListFilter f;
    f.category_id = l.animals;
    const PairListPage rows = l.list(f);
    REQUIRE(rows.rows.size() == 2);
    const PairListRow& dog = rows.rows[1];
    CHECK(dog.pair.id == l.dog);
    CHECK(dog.picture_title == std::optional<std::string>("Küche"));
    REQUIRE(dog.statement);
    CHECK(dog.statement->text_en == std::optional<std::string>("The dog"));
    REQUIRE(dog.question);
    CHECK(dog.question->short_answer_de == std::optional<std::string>("Er bellt"));
    CHECK(dog.category_ids == std::vector<Id>{l.animals});
    CHECK(dog.missing_audio == std::vector<std::string>{"de", "en", "sv"});
    CHECK(dog.pair.status == "published");
}

TEST_CASE("content lists: words by title in any language, filters, order, window", "[content]") {
    ContentDb c;
    Id cat = 0, hedgehog = 0, apple = 0, animals = 0;
    c.write([&](ContentTx& tx) {
        animals = must(tx.insert_category("Wortlistentiere")).id;
        const auto word = [&](const char* de, std::optional<std::string> en,
                              std::optional<std::string> sv, int level, const char* updated) {
            Word w = word_titled(de);
            w.title_en = std::move(en);
            w.title_sv = std::move(sv);
            w.level = level;
            w.updated_at = ts(updated);
            return tx.find_or_insert_word(w).first.id;
        };
        cat = word("Hauskatze", "house cat", "huskatt", 2, "2026-01-01T00:00:02.000Z");
        hedgehog = word("Igel", "hedgehog", " ", 4, "2026-01-01T00:00:01.000Z");
        apple = word("ÄPFEL", std::nullopt, "äpple", 1, "2026-01-01T00:00:02.000Z");
        Word published = *tx.word(cat);
        published.status = status::kPublished;
        published.categories = {Category{animals, ""}};
        tx.update_word(published);
        tx.upsert_audio(current_audio_for(tx, "words", apple, "title_sv", "sv"));
        tx.upsert_audio(current_audio_for(tx, "words", hedgehog, "title_de", "de"));
    });
    const auto list = [&](ItemListFilter f, ListOrder order = {}, ListWindow window = {}) {
        return c.read([&](ContentTx& tx) { return tx.word_list(f, order, window); });
    };
    const auto ids = [](const WordListPage& page) {
        std::vector<Id> out;
        for (const auto& row : page.rows) out.push_back(row.item.id);
        return out;
    };
    ItemListFilter f;
    f.text = "katze";
    CHECK(ids(list(f)) == std::vector<Id>{cat});
    f.text = "äpfel";
    CHECK(ids(list(f)) == std::vector<Id>{apple});
    f.text = "HEDGE";
    CHECK(ids(list(f)) == std::vector<Id>{hedgehog});
    f.text = "Igel hedgehog";  // never across two languages
    CHECK(ids(list(f)).empty());
    f = {};
    f.status = status::kPublished;
    CHECK(ids(list(f)) == std::vector<Id>{cat});
    f = {};
    f.level = 4;
    CHECK(ids(list(f)) == std::vector<Id>{hedgehog});
    f = {};
    f.category_id = animals;
    CHECK(ids(list(f)) == std::vector<Id>{cat});
    f = {};
    f.missing_text = {"sv"};  // white space is no title
    CHECK(ids(list(f)) == std::vector<Id>{hedgehog});
    f.missing_text = {"en", "sv"};
    CHECK(ids(list(f)) == std::vector<Id>{hedgehog, apple});
    f = {};
    f.missing_audio = {"de"};
    CHECK(ids(list(f)) == std::vector<Id>{cat, apple});
    f.missing_audio = {"sv"};
    CHECK(ids(list(f)) == std::vector<Id>{cat});

    CHECK(ids(list({}, ListOrder{ListSort::text, false})) == std::vector<Id>{cat, hedgehog, apple});
    CHECK(ids(list({}, ListOrder{ListSort::updated, true})) ==
          std::vector<Id>{cat, apple, hedgehog});
    CHECK(ids(list({}, ListOrder{ListSort::level, false})) ==
          std::vector<Id>{apple, cat, hedgehog});
    const WordListPage page = list({}, ListOrder{ListSort::id, true}, ListWindow{1, 1});
    CHECK(ids(page) == std::vector<Id>{hedgehog});
    CHECK(page.total == 3);
    f = {};
    f.category_id = animals;
    const WordListPage rows = list(f);
    REQUIRE(rows.rows.size() == 1);
    CHECK(rows.rows[0].item.categories.size() == 1);
    CHECK(rows.rows[0].item.title_en == std::optional<std::string>("house cat"));
    CHECK(rows.rows[0].missing_audio == std::vector<std::string>{"de", "en", "sv"});
}

TEST_CASE("content lists: statements and questions by text, filters, order", "[content]") {
    ContentDb c;
    Id owl = 0, fox = 0, where = 0, what = 0;
    c.write([&](ContentTx& tx) {
        Statement s = statement_with("Die Eule schläft.", "The owl sleeps.");
        s.updated_at = ts("2027-01-01T00:00:02.000Z");  // changed after the fox
        owl = tx.insert_statement(s).id;
        s = statement_with("Der Fuchs jagt.", "The fox hunts.", "Räven jagar.");
        s.status = status::kReviewed;
        fox = tx.insert_statement(s).id;
        Question q = question_with("Wo schläft die Eule?");
        q.level = 3;
        q.short_answer_de = "Im Baum";
        where = tx.insert_question(q).id;
        q = question_with("Was jagt der Fuchs?");
        q.text_sv = "Vad jagar RÄVEN?";
        q.level = 7;
        what = tx.insert_question(q).id;
        tx.upsert_audio(current_audio_for(tx, "questions", where, "short_answer_de", "de"));
        tx.upsert_audio(current_audio_for(tx, "questions", what, "text_sv", "sv"));
    });
    const auto statements = [&](ItemListFilter f, ListOrder order = {}) {
        std::vector<Id> out;
        c.read([&](ContentTx& tx) {
            for (const auto& row : tx.statement_list(f, order, {}).rows) out.push_back(row.item.id);
            return 0;
        });
        return out;
    };
    const auto questions = [&](ItemListFilter f, ListOrder order = {}) {
        return c.read([&](ContentTx& tx) { return tx.question_list(f, order, {}); });
    };
    const auto ids = [](const QuestionListPage& page) {
        std::vector<Id> out;
        for (const auto& row : page.rows) out.push_back(row.item.id);
        return out;
    };
    ItemListFilter f;
    f.text = "eule";
    CHECK(statements(f) == std::vector<Id>{owl});
    CHECK(ids(questions(f)) == std::vector<Id>{where});
    f.text = "räven";
    CHECK(statements(f) == std::vector<Id>{fox});
    CHECK(ids(questions(f)) == std::vector<Id>{what});
    f.text = "Baum";  // short answers are not searched
    CHECK(ids(questions(f)).empty());
    f = {};
    f.status = status::kReviewed;
    CHECK(statements(f) == std::vector<Id>{fox});
    f = {};
    f.missing_text = {"sv"};
    CHECK(statements(f) == std::vector<Id>{owl});
    CHECK(ids(questions(f)) == std::vector<Id>{where});
    f = {};
    f.level = 7;
    CHECK(ids(questions(f)) == std::vector<Id>{what});
    f = {};
    f.missing_audio = {"de"};  // a short answer's audio is not the text's
    CHECK(ids(questions(f)) == std::vector<Id>{where, what});
    f.missing_audio = {"sv"};
    CHECK(ids(questions(f)).empty());
    CHECK(statements({}, ListOrder{ListSort::text, false}) == std::vector<Id>{fox, owl});
    CHECK(statements({}, ListOrder{ListSort::updated, true}) == std::vector<Id>{owl, fox});
    CHECK(ids(questions({}, ListOrder{ListSort::level, true})) == std::vector<Id>{what, where});
    // What a statement or question lacks is ignored: no level (statements), no categories.
    f = {};
    f.level = 3;
    f.category_id = 1;
    CHECK(statements(f) == std::vector<Id>{owl, fox});
    CHECK(statements({}, ListOrder{ListSort::level, true}) == std::vector<Id>{fox, owl});
    CHECK(ids(questions(f)) == std::vector<Id>{where});
    // Drafts: the fox's statement and the owl's question have one.
    c.write([&](ContentTx& tx) {
        StatementDraft sd;
        sd.text_de = "Der Fuchs schläft.";
        tx.set_statement_draft(fox, sd);
        tx.set_question_draft(where, QuestionDraft{});
    });
    f = {};
    f.has_draft = true;
    CHECK(statements(f) == std::vector<Id>{fox});
    CHECK(ids(questions(f)) == std::vector<Id>{where});
    f.has_draft = false;
    CHECK(statements(f) == std::vector<Id>{owl});
    CHECK(ids(questions(f)) == std::vector<Id>{what});
    const auto page = questions({});
    REQUIRE(page.rows.size() == 2);
    CHECK(page.rows[0].item.short_answer_de == std::optional<std::string>("Im Baum"));
    CHECK(page.rows[0].missing_audio == std::vector<std::string>{"de"});
    CHECK(page.rows[1].missing_audio == std::vector<std::string>{"de"});
}
