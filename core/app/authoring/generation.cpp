#include "core/app/authoring/generation.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/words.hpp"
#include "core/domain/fields.hpp"
#include "core/domain/rules.hpp"

namespace ll {
namespace {

std::optional<std::string> bad_text(const std::string& value, const char* name, std::size_t max) {
    const std::string t = trim(value);
    if (t.empty()) return fmt::format("{} is empty", name);
    if (code_point_count(t) > max) return fmt::format("{} is longer than {} characters", name, max);
    return std::nullopt;
}

std::optional<std::string> bad_level(int level) {
    if (level < 1 || level > 100) return fmt::format("level {} is outside 1..100", level);
    return std::nullopt;
}

Word word_of(const GeneratedWord& g, const std::string& status) {
    Word w;
    w.title_de = trim(g.title_de);
    w.title_en = trim(g.title_en);
    w.title_sv = trim(g.title_sv);
    w.level = g.level;
    w.status = status;
    return w;
}

WordSeed seed_of(const Word& w) {
    return WordSeed{w.title_de, w.title_en, w.title_sv};
}

// What generation reads about its subject before asking the generator (outside any
// transaction: the generator may take seconds).
struct Subject {
    std::optional<ContentObject> object;
    std::optional<Picture> picture;
    std::optional<Word> label;     // the object's label word
    std::vector<Word> words;       // words already linked to the subject
    std::vector<Word> neighbours;  // other words of the picture (distractor candidates)
};

std::optional<Word> label_of(WordRows& words, WordLinkRows& links, Id object_id) {
    for (const auto& l : links.object_word_links(object_id)) {
        if (l.is_label) return words.word(l.word_id);
    }
    return std::nullopt;
}

// Words of a picture: its own links and the label words of its objects.
std::vector<Word> picture_words(ObjectRows& objects, WordRows& words, WordLinkRows& links,
                                Id picture_id) {
    std::vector<Id> ids;
    for (const auto& l : links.picture_word_links(picture_id)) ids.push_back(l.word_id);
    ObjectFilter filter;
    filter.picture_id = picture_id;
    for (Page page{std::nullopt, 500};;) {
        const auto batch = objects.objects(filter, page);
        if (batch.empty()) break;
        page.after = batch.back().id;
        for (const auto& o : batch) {
            for (const auto& l : links.object_word_links(o.id)) {
                if (l.is_label) ids.push_back(l.word_id);
            }
        }
    }
    return words.words_by_ids(ids);
}

Error no_label(Id object_id) {
    return errors::object_has_no_label(object_id);
}

}  // namespace

std::optional<std::string> invalid_generated_word(const GeneratedWord& w) {
    if (auto p = bad_text(w.title_de, "title_de", fields::kTitleMax)) return p;
    if (auto p = bad_text(w.title_en, "title_en", fields::kTitleMax)) return p;
    if (auto p = bad_text(w.title_sv, "title_sv", fields::kTitleMax)) return p;
    return bad_level(w.level);
}

std::optional<std::string> invalid_generated_question(const GeneratedQuestion& q) {
    const std::pair<const std::string*, const char*> texts[] = {
        {&q.text_de, "text_de"}, {&q.text_en, "text_en"}, {&q.text_sv, "text_sv"}};
    for (const auto& [value, name] : texts) {
        if (auto p = bad_text(*value, name, fields::kTextMax)) return p;
    }
    const std::pair<const std::string*, const char*> answers[] = {
        {&q.short_answer_de, "short_answer_de"},
        {&q.short_answer_en, "short_answer_en"},
        {&q.short_answer_se, "short_answer_se"}};
    for (const auto& [value, name] : answers) {
        if (auto p = bad_text(*value, name, fields::kTitleMax)) return p;
    }
    if (auto p = bad_level(q.level)) return p;
    for (const auto* list : {&q.answer_words, &q.distractor_words}) {
        for (const auto& w : *list) {
            if (auto p = invalid_generated_word(w)) return "a word's " + *p;
        }
    }
    return std::nullopt;
}

namespace {

// What generate-words settles before it stores anything, and all that suggestions show: the
// subject as read and the generator's words, validated and cut to the count asked for.
struct WordPlan {
    Subject subject;
    std::vector<GeneratedWord> words;
};

Result<WordPlan> plan_words(AuthoringPorts& ports, const WordSubject& request) {
    const auto& object_id = request.object_id;
    const auto& picture_id = request.picture_id;
    auto subject =
        read<Subject>(ports.content,
                      [&](PictureRows& pictures, ObjectRows& objects, WordRows& words,
                          WordLinkRows& links) -> Result<Subject> {
                          Subject s;
                          if (object_id) {
                              s.object = objects.object(*object_id);
                              if (!s.object) return errors::not_found();
                              s.label = label_of(words, links, s.object->id);
                              if (!s.label) return no_label(s.object->id);
                              for (const auto& v : object_word_views(links, words, s.object->id))
                                  s.words.push_back(v.word);
                              s.picture = pictures.picture(s.object->picture_id);
                          } else {
                              s.picture = pictures.picture(*picture_id);
                              if (!s.picture) return errors::not_found();
                              s.words = picture_words(objects, words, links, s.picture->id);
                              if (s.words.empty() && !s.picture->title) {
                                  return errors::nothing_to_generate_from(s.picture->id);
                              }
                          }
                          return s;
                      });
    if (!subject) return subject.error();

    // A picture may carry any number of words; what one request asks of the generator is
    // bounded all the same (each seed is a dictionary walk, or prompt tokens of a paid model).
    WordGenerationRequest asked;
    asked.count = request.count;
    if (subject->label) asked.seeds.push_back(seed_of(*subject->label));
    for (const auto& w : subject->words) {
        if (asked.known_titles.size() < kMaxKnownTitles) asked.known_titles.push_back(w.title_de);
        if (!subject->label && asked.seeds.size() < kMaxGenerationSeeds)
            asked.seeds.push_back(seed_of(w));
    }
    if (subject->picture && subject->picture->title) asked.context = *subject->picture->title;

    std::vector<GeneratedWord> generated;
    try {
        generated = ports.words.words(asked);
    } catch (const GenerationError& e) {
        return errors::word_generation_failed(e.what());
    }
    if (static_cast<int>(generated.size()) > asked.count) generated.resize(asked.count);
    for (std::size_t i = 0; i < generated.size(); ++i) {
        if (auto problem = invalid_generated_word(generated[i]))
            return errors::word_generation_failed(fmt::format("word {}: {}", i, *problem));
    }
    return WordPlan{std::move(subject.value()), std::move(generated)};
}

// Whether the word is linked to the subject the way generate-words would link it (an object's
// words, label or not; a picture's own words).
bool linked_to(WordLinkRows& links, const Subject& subject, Id word_id) {
    const auto is_word = [word_id](const auto& l) { return l.word_id == word_id; };
    if (subject.object) {
        const auto linked = links.object_word_links(subject.object->id);
        return std::any_of(linked.begin(), linked.end(), is_word);
    }
    const auto linked = links.picture_word_links(subject.picture->id);
    return std::any_of(linked.begin(), linked.end(), is_word);
}

}  // namespace

Result<WordSuggestions> suggest_words(AuthoringPorts& ports, const SuggestWords& request) {
    auto plan = plan_words(ports, request);
    if (!plan) return plan.error();
    const Subject& subject = plan->subject;
    return read<WordSuggestions>(
        ports.content,
        [&](PictureRows& pictures, ObjectRows& objects, WordRows& words,
            WordLinkRows& links) -> Result<WordSuggestions> {
            // The subject may have gone while the generator ran: as generate-words, 404.
            if (subject.object ? !objects.object(subject.object->id)
                               : !pictures.picture(subject.picture->id))
                return errors::not_found();
            WordSuggestions out{{}, ports.words.name()};
            std::set<std::string> seen;  // folded title_de: generate-words would find one word
            for (const auto& g : plan->words) {
                const Word proposed = word_of(g, status::kDraft);
                if (!seen.insert(fold_case(proposed.title_de)).second) continue;
                WordSuggestion s{proposed.title_de, *proposed.title_en, *proposed.title_sv,
                                 proposed.level,    std::nullopt,       false};
                // An existing word would be linked as it is: show it, with the proposal's
                // translation where it has none.
                if (const auto existing = words.word_by_title(proposed.title_de)) {
                    s.title_de = existing->title_de;
                    s.title_en = existing->title_en.value_or(s.title_en);
                    s.title_sv = existing->title_sv.value_or(s.title_sv);
                    s.level = existing->level;
                    s.word_id = existing->id;
                    s.linked = linked_to(links, subject, existing->id);
                }
                out.words.push_back(std::move(s));
            }
            return out;
        });
}

Result<GeneratedWords> generate_words(AuthoringPorts& ports, const GenerateWords& request) {
    auto plan = plan_words(ports, request);
    if (!plan) return plan.error();
    const Subject& subject = plan->subject;
    const auto& generated = plan->words;

    const Timestamp now = ports.clock.now();
    return write<GeneratedWords>(
        ports,
        [&](PictureRows& pictures, ObjectRows& objects, WordRows& words,
            WordLinkRows& links) -> Result<GeneratedWords> {
            GeneratedWords out{{}, ports.words.name()};
            if (subject.object && !objects.lock_object(subject.object->id))
                return errors::not_found();
            if (!subject.object && !pictures.picture(subject.picture->id))
                return errors::not_found();
            std::map<Id, bool> seen;
            for (const auto& g : generated) {
                const auto [word, created] =
                    find_or_create_word(words, word_of(g, request.status), now);
                if (seen.count(word.id)) continue;
                seen[word.id] = created;
                Id link = 0;
                if (subject.object) {
                    // A word that already is the label stays the label.
                    // (An init-capture: clang 14 cannot capture a structured binding.)
                    const auto linked = links.object_word_links(subject.object->id);
                    const auto it =
                        std::find_if(linked.begin(), linked.end(),
                                     [id = word.id](const auto& l) { return l.word_id == id; });
                    link =
                        it != linked.end()
                            ? it->id
                            : links.link_object_word(subject.object->id, word.id, false).first.id;
                } else {
                    link = links.link_picture_word(subject.picture->id, word.id).first.id;
                }
                out.words.push_back(WordView{word, link, std::nullopt, created});
            }
            return out;
        });
}

namespace {

// What generate-questions asks about: the object, its label word, the picture's other words.
Result<Subject> question_subject(AuthoringPorts& ports, Id object_id) {
    return read<Subject>(
        ports.content,
        [&](PictureRows& pictures, ObjectRows& objects, WordRows& words,
            WordLinkRows& links) -> Result<Subject> {
            Subject s;
            s.object = objects.object(object_id);
            if (!s.object) return errors::not_found();
            s.label = label_of(words, links, object_id);
            if (!s.label) return no_label(object_id);
            s.picture = pictures.picture(s.object->picture_id);
            for (auto& w : picture_words(objects, words, links, s.object->picture_id)) {
                if (w.id != s.label->id) s.neighbours.push_back(std::move(w));
            }
            return s;
        });
}

// The generator's questions about the subject, validated and cut to the count asked for (no
// transaction is open while it runs).
Result<std::vector<GeneratedQuestion>> ask_for_questions(AuthoringPorts& ports,
                                                         const Subject& subject, int count) {
    QuestionGenerationRequest asked;
    asked.label = seed_of(*subject.label);
    for (const auto& w : subject.neighbours) asked.other_words.push_back(seed_of(w));
    if (subject.picture && subject.picture->title) asked.context = *subject.picture->title;
    asked.count = count;

    std::vector<GeneratedQuestion> generated;
    try {
        generated = ports.words.questions(asked);
    } catch (const GenerationError& e) {
        return errors::word_generation_failed(e.what());
    }
    if (static_cast<int>(generated.size()) > asked.count) generated.resize(asked.count);
    for (std::size_t i = 0; i < generated.size(); ++i) {
        if (auto problem = invalid_generated_question(generated[i]))
            return errors::word_generation_failed(fmt::format("question {}: {}", i, *problem));
    }
    return generated;
}

// A new question of the object from a generated one, its texts trimmed.
Question question_of(const GeneratedQuestion& g, Id object_id, Timestamp now) {
    Question q;
    q.object_id = object_id;
    q.text_de = trim(g.text_de);
    q.text_en = trim(g.text_en);
    q.text_sv = trim(g.text_sv);
    q.short_answer_de = trim(g.short_answer_de);
    q.short_answer_en = trim(g.short_answer_en);
    q.short_answer_se = trim(g.short_answer_se);
    q.level = g.level;
    q.created_at = q.updated_at = now;
    return q;
}

}  // namespace

Result<GeneratedQuestions> generate_questions(AuthoringPorts& ports, Id object_id,
                                              const GenerateQuestions& request) {
    const auto subject = question_subject(ports, object_id);
    if (!subject) return subject.error();
    const auto generated = ask_for_questions(ports, subject.value(), request.count);
    if (!generated) return generated.error();

    const Timestamp now = ports.clock.now();
    return write<GeneratedQuestions>(
        ports,
        [&](ObjectRows& objects, WordRows& words, WordLinkRows& links,
            TextRows& texts) -> Result<GeneratedQuestions> {
            // One generation per object at a time: the same question is never made twice.
            if (!objects.lock_object(object_id)) return errors::not_found();
            GeneratedQuestions out{{}, {}, ports.words.name()};
            std::map<std::string, Question> existing;  // by folded text_de
            for (auto& q : questions_of_object(texts, object_id)) {
                if (q.text_de) existing.emplace(fold_case(*q.text_de), std::move(q));
            }
            std::map<Id, bool> words_seen;
            auto word_for = [&](const GeneratedWord& g) {
                const auto [word, created] =
                    find_or_create_word(words, word_of(g, status::kDraft), now);
                if (!words_seen.count(word.id)) {
                    words_seen[word.id] = created;
                    out.words.push_back(WordView{word, std::nullopt, std::nullopt, created});
                }
                return word;
            };
            for (const auto& g : generated.value()) {
                const std::string key = fold_case(trim(g.text_de));
                bool created = false;
                auto it = existing.find(key);
                if (it == existing.end()) {
                    it =
                        existing.emplace(key, texts.insert_question(question_of(g, object_id, now)))
                            .first;
                    created = true;
                }
                const Id qid = it->second.id;
                for (const auto& w : g.answer_words)
                    links.link_question_word(qid, word_for(w).id, kRoleAnswer);
                for (const auto& w : g.distractor_words)
                    links.link_question_word(qid, word_for(w).id, kRoleDistractor);
                const bool listed =
                    std::any_of(out.questions.begin(), out.questions.end(),
                                [&](const auto& v) { return v.question.id == qid; });
                if (listed) continue;
                QuestionView view = question_view(words, links, it->second);
                view.created = created;
                out.questions.push_back(std::move(view));
            }
            return out;
        });
}

}  // namespace ll
