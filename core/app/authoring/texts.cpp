#include "core/app/authoring/texts.hpp"

#include <fmt/format.h>

#include "core/app/authoring/stale_audio.hpp"
#include "core/app/authoring/text_drafts.hpp"

namespace ll {
namespace {

template <typename T>
void apply(std::optional<T>& slot, const fields::Change<T>& change) {
    if (change.present) slot = change.value;
}

Error no_text(std::string_view prefix) {
    return errors::text_required(prefix);
}

// Lock, load, check the version, change, store: the shape of every PATCH here (a change that
// leaves the item as it was stores nothing). The row is locked even without a condition: whether
// the text is live (text_drafts.hpp) is read next, and a pair publishing it at the same moment
// takes this lock too. `load(texts)` reads the item with id `at.id`; `change(objects, pairs,
// item)` answers the item as it is to be (stamped by with_edit).
struct Target {
    ItemKind kind;
    Id id;
    const VersionCondition& expected;
};

template <typename T, typename Load, typename Change>
Result<T> update(AuthoringPorts& ports, const Target& at, Load&& load, Change&& change) {
    return write<T>(
        ports,
        [&](ItemLocks& locks, ObjectRows& objects, TextRows& texts, PairRows& pairs) -> Result<T> {
            locks.lock_item(at.kind, at.id);
            auto item = load(texts);
            if (!item) return errors::not_found();
            if (auto refused = stale(at.expected, *item)) return *refused;
            Result<T> changed = change(objects, pairs, *item);
            if (!changed) return changed;
            store_text(texts, *item, changed.value());
            return changed;
        });
}

}  // namespace

Result<Statement> apply_statement_texts(Statement s, const StatementTexts& texts,
                                        std::string_view prefix) {
    apply(s.text_de, texts.text_de);
    apply(s.text_en, texts.text_en);
    apply(s.text_sv, texts.text_sv);
    if (!s.text_de && !s.text_en && !s.text_sv) return no_text(prefix);
    return s;
}

Result<Question> apply_question_texts(Question q, const QuestionTexts& texts,
                                      std::string_view prefix) {
    apply(q.text_de, texts.text_de);
    apply(q.text_en, texts.text_en);
    apply(q.text_sv, texts.text_sv);
    apply(q.short_answer_de, texts.short_answer_de);
    apply(q.short_answer_en, texts.short_answer_en);
    apply(q.short_answer_se, texts.short_answer_se);
    if (texts.level) q.level = *texts.level;
    if (!q.text_de && !q.text_en && !q.text_sv) return no_text(prefix);
    return q;
}

Result<Statement> create_statement(AuthoringPorts& ports, const StatementTexts& request) {
    auto s = apply_statement_texts(Statement{}, request, "");
    if (!s) return s;
    s->created_at = s->updated_at = ports.clock.now();
    return write<Statement>(ports, [&](TextRows& texts) -> Result<Statement> {
        return texts.insert_statement(s.value());
    });
}

Result<std::vector<Statement>> list_statements(AuthoringPorts& ports,
                                               const StatementListQuery& query) {
    return read<std::vector<Statement>>(ports.content, [&](TextRows& texts) {
        return Result<std::vector<Statement>>(texts.statements(query.filter, query.page));
    });
}

Result<Statement> get_statement(AuthoringPorts& ports, Id id) {
    return read<Statement>(ports.content, [&](TextRows& texts) -> Result<Statement> {
        auto s = texts.statement(id);
        if (!s) return errors::not_found();
        return std::move(*s);
    });
}

Result<Statement> patch_statement(AuthoringPorts& ports, Id id, const StatementPatch& patch,
                                  const VersionCondition& expected) {
    return update<Statement>(
        ports, {ItemKind::statement, id, expected},
        [&](TextRows& texts) { return texts.statement(id); },
        [&](ObjectRows&, PairRows& pairs, const Statement& s) -> Result<Statement> {
            auto checked = patch.texts.checked();
            if (!checked) return checked.error();
            return edited_statement(pairs, s, checked.value(), "", ports.clock.now());
        });
}

Result<Done> delete_statement(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(ports,
                       [&](ItemLocks& locks, TextRows& texts, PairRows& pairs) -> Result<Done> {
                           lock_if_conditional(locks, ItemKind::statement, id, expected);
                           const auto statement = texts.statement(id);
                           if (!statement) return errors::not_found();
                           if (auto refused = stale(expected, *statement)) return *refused;
                           PairFilter uses;
                           uses.statement_id = id;
                           if (const auto n = pairs.count_pairs(uses); n > 0) {
                               return errors::used_by_pairs("Statement", id, n);
                           }
                           texts.delete_statement(id);
                           return Done{};
                       });
}

Result<Question> create_question(AuthoringPorts& ports, const NewQuestion& request) {
    auto q = apply_question_texts(Question{}, request.texts, "");
    if (!q) return q;
    q->object_id = request.object_id;
    q->created_at = q->updated_at = ports.clock.now();
    return write<Question>(ports,
                           [&](ObjectRows& objects, TextRows& texts) -> Result<Question> {
                               if (q->object_id && !objects.object(*q->object_id))
                                   return errors::no_such("object_id", "object");
                               return texts.insert_question(q.value());
                           });
}

Result<std::vector<Question>> list_questions(AuthoringPorts& ports,
                                             const QuestionListQuery& query) {
    return read<std::vector<Question>>(ports.content, [&](TextRows& texts) {
        return Result<std::vector<Question>>(texts.questions(query.filter, query.page));
    });
}

Result<Question> get_question(AuthoringPorts& ports, Id id) {
    return read<Question>(ports.content, [&](TextRows& texts) -> Result<Question> {
        auto q = texts.question(id);
        if (!q) return errors::not_found();
        return std::move(*q);
    });
}

Result<Question> patch_question(AuthoringPorts& ports, Id id, const QuestionPatch& patch,
                                const VersionCondition& expected) {
    return update<Question>(
        ports, {ItemKind::question, id, expected},
        [&](TextRows& texts) { return texts.question(id); },
        [&](ObjectRows& objects, PairRows& pairs, const Question& before) -> Result<Question> {
            const Timestamp now = ports.clock.now();
            Question q = before;
            // Which object a question is about is not a text learners see: changed in place,
            // live or not (docs/authoring-guide.md "Drafts of published content").
            if (patch.object_id.present && patch.object_id.value != q.object_id) {
                const auto& object_id = patch.object_id.value;
                if (object_id && !objects.object(*object_id))
                    return errors::no_such("object_id", "object");
                q.object_id = object_id;
                q.updated_at = now;
            }
            auto checked = patch.texts.checked();
            if (!checked) return checked.error();
            return edited_question(pairs, q, checked.value(), "", now);
        });
}

Result<Done> delete_question(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(ports, [&](ItemLocks& locks, TextRows& texts) -> Result<Done> {
        lock_if_conditional(locks, ItemKind::question, id, expected);
        const auto question = texts.question(id);
        if (!question) return errors::not_found();
        if (auto refused = stale(expected, *question)) return *refused;
        texts.delete_question(id);
        return Done{};
    });
}

Result<std::vector<Question>> publish_questions(AuthoringPorts& ports,
                                                const PublishQuestions& request) {
    const Timestamp now = ports.clock.now();
    return write<std::vector<Question>>(
        ports,
        [&](ItemLocks& locks, WordRows& words, WordLinkRows& links, TextRows& texts,
            AudioRows& audios) -> Result<std::vector<Question>> {
            std::vector<Question> out;
            for (const Id id : request.ids) {
                locks.lock_item(ItemKind::question, id);  // its audio is checked, then published
                auto q = texts.question(id);
                if (!q) return errors::not_found();
                if (q->status != status::kPublished) {
                    if (auto refused = stale_audio_refusal(audios, *q)) return *refused;
                    q->status = status::kPublished;
                    q->updated_at = now;
                    texts.update_question(*q);
                }
                std::vector<Id> word_ids;
                for (const auto& link : links.question_word_links(id))
                    word_ids.push_back(link.word_id);
                for (const Id w : word_ids) locks.lock_item(ItemKind::word, w);
                for (auto& w : words.words_by_ids(word_ids)) {
                    if (w.status == status::kPublished) continue;
                    if (auto refused = stale_audio_refusal(audios, w)) return *refused;
                    w.status = status::kPublished;
                    w.updated_at = now;
                    words.update_word(w);
                }
                out.push_back(std::move(*q));
            }
            return out;
        });
}

}  // namespace ll
