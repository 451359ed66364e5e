#include "core/domain/text_drafts.hpp"

#include <string>
#include <tuple>

namespace ll {
namespace {

// Every member a draft holds, of an item or of a draft, for copying and comparing.
template <typename T>
auto statement_texts(T& t) {
    return std::tie(t.text_de, t.text_en, t.text_sv);
}

template <typename T>
auto question_texts(T& t) {
    return std::tie(t.text_de, t.text_en, t.text_sv, t.short_answer_de, t.short_answer_en,
                    t.short_answer_se, t.level);
}

struct StatementShape {
    using Draft = StatementDraft;
    static auto texts(Statement& s) { return statement_texts(s); }
    static auto texts(const Statement& s) { return statement_texts(s); }
    static auto texts(Draft& d) { return statement_texts(d); }
    static auto texts(const Draft& d) { return statement_texts(d); }
};

struct QuestionShape {
    using Draft = QuestionDraft;
    static auto texts(Question& q) { return question_texts(q); }
    static auto texts(const Question& q) { return question_texts(q); }
    static auto texts(Draft& d) { return question_texts(d); }
    static auto texts(const Draft& d) { return question_texts(d); }
};

template <typename Shape, typename Item>
Item applied(Item item) {
    if (item.draft) {
        Shape::texts(item) = Shape::texts(*item.draft);
        item.draft.reset();
    }
    return item;
}

template <typename Shape, typename Item>
Item edited_into(const Item& item, Item edited, bool live, Timestamp now) {
    if (!live) {
        if (edited == item) return item;
        edited.updated_at = now;
        return edited;
    }
    // Live: its own members stay as they are; the texts go to the draft.
    Item out = item;
    if (Shape::texts(edited) == Shape::texts(item)) {
        out.draft.reset();  // edited back to what learners see: nothing left to publish
        return out;
    }
    if (item.draft && Shape::texts(*item.draft) == Shape::texts(edited)) return out;
    typename Shape::Draft draft;
    Shape::texts(draft) = Shape::texts(edited);
    draft.status = status::kDraft;  // a changed draft is reviewed again
    draft.updated_at = now;
    out.draft = std::move(draft);
    return out;
}

template <typename Shape, typename Item>
Item folded_in(Item item, Timestamp now) {
    if (!item.draft) return item;
    const bool reviewed = item.draft->status == status::kReviewed;
    item = applied<Shape>(std::move(item));
    if (!reviewed) {
        item.status = status::kDraft;
    } else if (item.status == status::kPublished) {
        item.status = status::kReviewed;
    }
    item.updated_at = now;
    return item;
}

template <typename Shape, typename Item>
Result<Item> moved(Item item, std::string_view kind, ReviewAction action, Timestamp now) {
    const std::string draft_kind = std::string(kind) + " draft";
    auto& draft = *item.draft;
    auto next = next_review_status(draft_kind, draft.status, action);
    if (!next) return next.error();
    if (action == ReviewAction::review) {
        draft.status = next.value();
        draft.updated_at = now;
        return item;
    }
    item = applied<Shape>(std::move(item));  // publish: the item keeps its own status
    item.updated_at = now;
    return item;
}

}  // namespace

Statement with_draft_applied(Statement s) {
    return applied<StatementShape>(std::move(s));
}
Question with_draft_applied(Question q) {
    return applied<QuestionShape>(std::move(q));
}

Statement with_edit(const Statement& item, Statement edited, bool live, Timestamp now) {
    return edited_into<StatementShape>(item, std::move(edited), live, now);
}
Question with_edit(const Question& item, Question edited, bool live, Timestamp now) {
    return edited_into<QuestionShape>(item, std::move(edited), live, now);
}

Result<Statement> with_draft_moved(Statement s, ReviewAction action, Timestamp now) {
    return moved<StatementShape>(std::move(s), "statement", action, now);
}
Result<Question> with_draft_moved(Question q, ReviewAction action, Timestamp now) {
    return moved<QuestionShape>(std::move(q), "question", action, now);
}

Statement folded(Statement s, Timestamp now) {
    return folded_in<StatementShape>(std::move(s), now);
}
Question folded(Question q, Timestamp now) {
    return folded_in<QuestionShape>(std::move(q), now);
}

}  // namespace ll
