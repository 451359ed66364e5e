#include "apps/langlearn-admin/demo_seed.hpp"

#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "apps/langlearn-admin/demo_images.hpp"
#include "core/app/authoring/audio.hpp"
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/pairs.hpp"
#include "core/app/authoring/pictures.hpp"
#include "core/app/authoring/review.hpp"
#include "core/app/authoring/words.hpp"

namespace ll {
namespace {

using Members = std::vector<std::pair<std::string, LooseValue>>;

LooseValue obj(Members members) {
    return LooseValue::object(std::move(members));
}
LooseValue str(const char* s) {
    return LooseValue::of(s);
}
LooseValue num(std::int64_t n) {
    return LooseValue::of(n);
}

template <typename T>
T must(Result<T> r, const std::string& step) {
    if (!r) throw std::runtime_error(fmt::format("{}: {}", step, r.error().message));
    return std::move(r.value());
}

struct Texts {
    const char *de, *en, *sv;
};

struct DemoPair {
    const char* answer_type;
    int level;
    Texts statement;
    std::optional<Texts> question;
    std::optional<Texts> short_answer;
    std::optional<Texts> extra_word;  // a word of the statement besides the label (e.g. a colour)
    const char* extra_category;
};

struct DemoPicture {
    const char* motif;
    const char* title;
    Texts label;
    int label_level;
    const char* category;
    int x, y, w, h;  // the object's box
    std::vector<DemoPair> pairs;
};

const std::vector<DemoPicture>& catalogue() {
    static const std::vector<DemoPicture> pictures = {
        {"apple",
         "Ein Apfel",
         {"Apfel", "apple", "äpple"},
         3,
         "Essen",
         48,
         20,
         64,
         74,
         {{"word",
           3,
           {"Das ist ein Apfel.", "This is an apple.", "Det här är ett äpple."},
           Texts{"Was ist das?", "What is this?", "Vad är det här?"},
           Texts{"Apfel", "apple", "äpple"},
           std::nullopt,
           nullptr},
          {"yes_no",
           5,
           {"Der Apfel ist rot.", "The apple is red.", "Äpplet är rött."},
           Texts{"Ist der Apfel rot?", "Is the apple red?", "Är äpplet rött?"},
           Texts{"ja", "yes", "ja"},
           Texts{"rot", "red", "röd"},
           "Farben"}}},
        {"house",
         "Ein Haus",
         {"Haus", "house", "hus"},
         4,
         "Haus",
         38,
         20,
         84,
         80,
         {{"question",
           8,
           {"Das Haus hat ein rotes Dach.", "The house has a red roof.", "Huset har ett rött tak."},
           Texts{"Welche Farbe hat das Dach?", "What colour is the roof?",
                 "Vilken färg har taket?"},
           Texts{"rot", "red", "rött"},
           Texts{"Dach", "roof", "tak"},
           "Haus"},
          {"text",
           10,
           {"In dem Haus wohnt eine Familie.", "A family lives in the house.",
            "En familj bor i huset."},
           std::nullopt,
           std::nullopt,
           Texts{"Familie", "family", "familj"},
           "Familie"}}},
        {"sun",
         "Die Sonne",
         {"Sonne", "sun", "sol"},
         2,
         "Natur",
         36,
         6,
         88,
         88,
         {{"word",
           2,
           {"Das ist die Sonne.", "This is the sun.", "Det här är solen."},
           Texts{"Was ist das?", "What is this?", "Vad är det här?"},
           Texts{"Sonne", "sun", "sol"},
           std::nullopt,
           nullptr},
          {"text",
           6,
           {"Die Sonne scheint heute.", "The sun is shining today.", "Solen skiner idag."},
           std::nullopt,
           std::nullopt,
           std::nullopt,
           nullptr}}},
        {"tree",
         "Ein Baum",
         {"Baum", "tree", "träd"},
         3,
         "Natur",
         50,
         15,
         60,
         85,
         {{"question",
           6,
           {"Der Baum ist grün.", "The tree is green.", "Trädet är grönt."},
           Texts{"Welche Farbe hat der Baum?", "What colour is the tree?",
                 "Vilken färg har trädet?"},
           Texts{"grün", "green", "grön"},
           Texts{"grün", "green", "grön"},
           "Farben"},
          {"yes_no",
           7,
           {"Der Baum ist groß.", "The tree is tall.", "Trädet är högt."},
           Texts{"Ist der Baum groß?", "Is the tree tall?", "Är trädet högt?"},
           Texts{"ja", "yes", "ja"},
           std::nullopt,
           nullptr}}},
    };
    return pictures;
}

LooseValue texts(const Texts& t) {
    return obj({{"text_de", str(t.de)}, {"text_en", str(t.en)}, {"text_sv", str(t.sv)}});
}

Id category_id(const std::map<std::string, Id>& categories, const char* name) {
    const auto it = categories.find(name);
    if (it == categories.end())
        throw std::runtime_error(fmt::format("demo seed: category {} is not seeded", name));
    return it->second;
}

Word word(AuthoringPorts& ports, Id object_id, const Texts& t, int level, Id category, bool label) {
    const LooseValue body = obj({{"title_de", str(t.de)},
                                 {"title_en", str(t.en)},
                                 {"title_sv", str(t.sv)},
                                 {"level", num(level)},
                                 {"category_ids", LooseValue::array({num(category)})}});
    if (label) {
        const auto linked = must(decoded(add_object_word, ports, object_id, body), "label word");
        for (const auto& v : linked.words) {
            if (v.is_label.value_or(false)) return v.word;
        }
        throw std::runtime_error("demo seed: the label word was not linked");
    }
    auto created = decoded(create_word, ports, body);
    if (created) return created.value();
    // The word exists (an earlier picture made it): use that one.
    auto found = decoded(list_words, ports, obj({{"limit", num(200)}}));
    for (auto& w : must(std::move(found), "words"))
        if (w.title_de == t.de) return w;
    throw std::runtime_error(fmt::format("demo seed: word {}: {}", t.de, created.error().message));
}

int speak(AuthoringPorts& ports, const char* table, Id id) {
    int made = 0;
    for (const auto& [field, language] :
         {std::pair{"text_de", "de"}, std::pair{"text_en", "en"}, std::pair{"text_sv", "sv"}}) {
        must(decoded(generate_audio, ports,
                     obj({{"source_table", str(table)},
                          {"source_id", num(id)},
                          {"source_field", str(field)},
                          {"language", str(language)}})),
             fmt::format("audio of {} {} {}", table, id, field));
        ++made;
    }
    return made;
}

}  // namespace

DemoSeedResult seed_demo_content(AuthoringPorts& ports) {
    DemoSeedResult out;
    if (!must(decoded(list_pictures, ports, obj({{"limit", num(1)}})), "pictures").empty())
        return out;
    std::map<std::string, Id> categories;
    for (const auto& c : must(list_categories(ports), "categories")) categories[c.titel_de] = c.id;

    for (const auto& pic : catalogue()) {
        const std::string png = demo::render_png(pic.motif);
        const Picture picture =
            must(with_decoded<NewPicture>(
                     obj({{"title", str(pic.title)}}),
                     [&](const NewPicture& request) {
                         return upload_picture(ports, request, ImageUpload{png, "image/png"});
                     }),
                 "picture");
        ++out.pictures;
        const LooseValue box = obj({{"type", str("bbox")},
                                    {"x", num(pic.x)},
                                    {"y", num(pic.y)},
                                    {"w", num(pic.w)},
                                    {"h", num(pic.h)}});
        const ContentObject object = must(decoded(create_object, ports,
                                                  obj({{"picture_id", num(picture.id)},
                                                       {"user_notes", str(pic.title)},
                                                       {"selections", LooseValue::array({box})}})),
                                          "object");
        const Word label = word(ports, object.id, pic.label, pic.label_level,
                                category_id(categories, pic.category), true);
        must(finish_picture(ports, picture.id), "finish picture");

        for (const auto& p : pic.pairs) {
            std::vector<LooseValue> links{
                obj({{"word_id", num(label.id)}, {"link_to", str("both")}})};
            if (!p.question)
                links[0] = obj({{"word_id", num(label.id)}, {"link_to", str("statement")}});
            if (p.extra_word) {
                const Word extra = word(ports, object.id, *p.extra_word, p.level,
                                        category_id(categories, p.extra_category), false);
                links.push_back(obj({{"word_id", num(extra.id)}, {"link_to", str("statement")}}));
            }
            Members body{{"picture_id", num(picture.id)},
                         {"object_id", num(object.id)},
                         {"answer_type", str(p.answer_type)},
                         {"level", num(p.level)},
                         {"statement", texts(p.statement)},
                         {"words_add", LooseValue::array(std::move(links))}};
            if (p.question) {
                LooseValue q = texts(*p.question);
                q.members.emplace_back("short_answer_de", str(p.short_answer->de));
                q.members.emplace_back("short_answer_en", str(p.short_answer->en));
                q.members.emplace_back("short_answer_se", str(p.short_answer->sv));
                q.members.emplace_back("level", num(p.level));
                body.emplace_back("question", std::move(q));
            }
            const PairView pair = must(decoded(create_pair, ports, obj(std::move(body))), "pair");
            out.audios += speak(ports, "statements", pair.statement->id);
            if (pair.question) out.audios += speak(ports, "questions", pair.question->id);
            for (auto action : {ReviewAction::review, ReviewAction::publish}) {
                must(change_statement_status(ports, pair.statement->id, action),
                     "statement status");
                if (pair.question)
                    must(change_question_status(ports, pair.question->id, action),
                         "question status");
            }
            must(change_pair_status(ports, pair.pair.id, ReviewAction::review), "review pair");
            ++out.pairs;
        }
        // The pipeline publishes the reviewed pairs and computes their categories.
        must(decoded(publish_pipeline, ports, obj({{"picture_id", num(picture.id)}})),
             "publish pipeline");
        for (auto action : {ReviewAction::review, ReviewAction::publish})
            must(change_object_status(ports, object.id, action), "object status");
    }
    // Every word the demo made is published (the feed shows only published pairs; words are
    // published for the editors' lists).
    for (auto& w :
         must(decoded(list_words, ports, obj({{"status", str("draft")}, {"limit", num(200)}})),
              "words"))
        must(change_word_status(ports, w.id, WordAction::publish), "publish word");
    return out;
}

}  // namespace ll
