#include "core/app/authoring/text_drafts.hpp"

#include "core/app/authoring/texts.hpp"

namespace ll {
namespace {

// The published pairs that show `item` (`by`: their statement_id or question_id).
template <typename Item>
PairFilter published_showing(const Item& item, std::optional<Id> PairFilter::*by) {
    PairFilter shown;
    shown.*by = item.id;
    shown.status = status::kPublished;
    return shown;
}

template <typename Item>
bool live_in(PairRows& pairs, const Item& item, std::optional<Id> PairFilter::*by) {
    return item.status == status::kPublished || pairs.count_pairs(published_showing(item, by)) > 0;
}

template <typename Item>
void revise_showing(PairRows& pairs, const Item& item, std::optional<Id> PairFilter::*by,
                    Timestamp now) {
    const PairFilter shown = published_showing(item, by);
    for (Page page{std::nullopt, 500};;) {
        auto batch = pairs.pairs(shown, page);
        if (batch.empty()) return;
        page.after = batch.back().id;
        for (Pair& p : batch) {
            p.revised_at = now;
            pairs.update_pair(p);
        }
    }
}

template <typename Item>
bool same_own_row(Item a, Item b) {
    a.draft.reset();
    b.draft.reset();
    return a == b;
}

template <typename Item>
Item settled_item(PairRows& pairs, Item item, Timestamp now) {
    if (!item.draft || is_live(pairs, item)) return item;
    return folded(std::move(item), now);
}

template <typename Item, typename Update, typename SetDraft>
void store(const Item& before, const Item& after, Update&& update, SetDraft&& set_draft) {
    if (!same_own_row(before, after)) update(after);
    if (before.draft != after.draft) set_draft(after.id, after.draft);
}

template <typename Item, typename Load, typename Drop>
Result<Item> discard(AuthoringPorts& ports, ItemKind kind, std::string_view name, Id id,
                     const VersionCondition& expected, Load&& load, Drop&& drop) {
    return write<Item>(ports, [&](ItemLocks& locks, TextRows& texts) -> Result<Item> {
        locks.lock_item(kind, id);
        auto item = load(texts);
        if (!item) return errors::not_found();
        if (auto refused = stale(expected, *item)) return *refused;
        if (!item->draft) return errors::no_draft(name, id);
        drop(texts);
        item->draft.reset();
        return std::move(*item);
    });
}

}  // namespace

bool is_live(PairRows& pairs, const Statement& s) {
    return live_in(pairs, s, &PairFilter::statement_id);
}

bool is_live(PairRows& pairs, const Question& q) {
    return live_in(pairs, q, &PairFilter::question_id);
}

bool same_row(const Statement& a, const Statement& b) {
    return same_own_row(a, b);
}
bool same_row(const Question& a, const Question& b) {
    return same_own_row(a, b);
}

Statement settled(PairRows& pairs, Statement s, Timestamp now) {
    return settled_item(pairs, std::move(s), now);
}
Question settled(PairRows& pairs, Question q, Timestamp now) {
    return settled_item(pairs, std::move(q), now);
}

void revise_pairs_showing(PairRows& pairs, const Statement& s, Timestamp now) {
    revise_showing(pairs, s, &PairFilter::statement_id, now);
}

void revise_pairs_showing(PairRows& pairs, const Question& q, Timestamp now) {
    revise_showing(pairs, q, &PairFilter::question_id, now);
}

void store_text(TextRows& texts, const Statement& before, const Statement& after) {
    store(
        before, after, [&](const Statement& s) { texts.update_statement(s); },
        [&](Id id, const auto& draft) { texts.set_statement_draft(id, draft); });
}

void store_text(TextRows& texts, const Question& before, const Question& after) {
    store(
        before, after, [&](const Question& q) { texts.update_question(q); },
        [&](Id id, const auto& draft) { texts.set_question_draft(id, draft); });
}

Result<Statement> edited_statement(PairRows& pairs, const Statement& s, const StatementTexts& texts,
                                   std::string_view prefix, Timestamp now) {
    auto edited = apply_statement_texts(with_draft_applied(s), texts, prefix);
    if (!edited) return edited;
    return with_edit(s, std::move(edited.value()), is_live(pairs, s), now);
}

Result<Question> edited_question(PairRows& pairs, const Question& q, const QuestionTexts& texts,
                                 std::string_view prefix, Timestamp now) {
    auto edited = apply_question_texts(with_draft_applied(q), texts, prefix);
    if (!edited) return edited;
    return with_edit(q, std::move(edited.value()), is_live(pairs, q), now);
}

Result<Statement> discard_statement_draft(AuthoringPorts& ports, Id id,
                                          const VersionCondition& expected) {
    return discard<Statement>(
        ports, ItemKind::statement, "Statement", id, expected,
        [&](TextRows& texts) { return texts.statement(id); },
        [&](TextRows& texts) { texts.set_statement_draft(id, std::nullopt); });
}

Result<Question> discard_question_draft(AuthoringPorts& ports, Id id,
                                        const VersionCondition& expected) {
    return discard<Question>(
        ports, ItemKind::question, "Question", id, expected,
        [&](TextRows& texts) { return texts.question(id); },
        [&](TextRows& texts) { texts.set_question_draft(id, std::nullopt); });
}

}  // namespace ll
