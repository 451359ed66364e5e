#include "core/domain/content_changes.hpp"

#include <algorithm>

namespace ll {

namespace {

using Members = std::vector<std::pair<std::string, LooseValue>>;

LooseValue text(const std::optional<std::string>& s) {
    return s ? LooseValue::of(*s) : LooseValue::null();
}
LooseValue id(const std::optional<Id>& i) {
    return i ? LooseValue::of(static_cast<std::int64_t>(*i)) : LooseValue::null();
}
LooseValue id(Id i) {
    return LooseValue::of(static_cast<std::int64_t>(i));
}

LooseValue selection(const Selection& s) {
    if (s.type == Selection::Type::bbox) {
        return LooseValue::object({{"type", LooseValue::of("bbox")},
                                   {"x", LooseValue::of(s.x)},
                                   {"y", LooseValue::of(s.y)},
                                   {"w", LooseValue::of(s.w)},
                                   {"h", LooseValue::of(s.h)}});
    }
    std::vector<LooseValue> points;
    for (const auto& [x, y] : s.points)
        points.push_back(LooseValue::array({LooseValue::of(x), LooseValue::of(y)}));
    return LooseValue::object(
        {{"type", LooseValue::of("polygon")}, {"points", LooseValue::array(std::move(points))}});
}

Members statement_texts(const std::optional<std::string>& de, const std::optional<std::string>& en,
                        const std::optional<std::string>& sv) {
    return {{"text_de", text(de)}, {"text_en", text(en)}, {"text_sv", text(sv)}};
}

Members question_fields(const auto& q) {
    Members m = statement_texts(q.text_de, q.text_en, q.text_sv);
    m.emplace_back("short_answer_de", text(q.short_answer_de));
    m.emplace_back("short_answer_en", text(q.short_answer_en));
    m.emplace_back("short_answer_se", text(q.short_answer_se));
    m.emplace_back("level", LooseValue::of(q.level));
    return m;
}

LooseValue with_status(Members m, const std::string& status) {
    m.emplace_back("status", LooseValue::of(status));
    return LooseValue::object(std::move(m));
}

}  // namespace

LooseValue snapshot(const Picture& p) {
    return LooseValue::object({{"title", text(p.title)},
                               {"image_path", text(p.image_path)},
                               {"objects_created", LooseValue::of(p.objects_created)},
                               {"status", LooseValue::of(p.status)}});
}

LooseValue snapshot(const ContentObject& o) {
    std::vector<LooseValue> selections;
    for (const auto& s : o.selections) selections.push_back(selection(s));
    return LooseValue::object({{"picture_id", id(o.picture_id)},
                               {"parent_id", id(o.parent_id)},
                               {"user_notes", text(o.user_notes)},
                               {"selections", LooseValue::array(std::move(selections))},
                               {"status", LooseValue::of(o.status)}});
}

LooseValue snapshot(const Word& w) {
    std::vector<LooseValue> categories;
    for (const auto& c : w.categories) categories.push_back(id(c.id));
    return LooseValue::object({{"title_de", LooseValue::of(w.title_de)},
                               {"title_en", text(w.title_en)},
                               {"title_sv", text(w.title_sv)},
                               {"level", LooseValue::of(w.level)},
                               {"categories", LooseValue::array(std::move(categories))},
                               {"status", LooseValue::of(w.status)}});
}

LooseValue snapshot(const Statement& s) {
    auto m = statement_texts(s.text_de, s.text_en, s.text_sv);
    m.emplace_back("status", LooseValue::of(s.status));
    m.emplace_back(
        "draft",
        s.draft ? with_status(statement_texts(s.draft->text_de, s.draft->text_en, s.draft->text_sv),
                              s.draft->status)
                : LooseValue::null());
    return LooseValue::object(std::move(m));
}

LooseValue snapshot(const Question& q) {
    auto m = question_fields(q);
    m.emplace(m.begin(), "object_id", id(q.object_id));
    m.emplace_back("status", LooseValue::of(q.status));
    m.emplace_back("draft", q.draft ? with_status(question_fields(*q.draft), q.draft->status)
                                    : LooseValue::null());
    return LooseValue::object(std::move(m));
}

LooseValue snapshot(const Pair& p) {
    return LooseValue::object({{"picture_id", id(p.picture_id)},
                               {"object_id", id(p.object_id)},
                               {"statement_id", id(p.statement_id)},
                               {"question_id", id(p.question_id)},
                               {"answer_type", LooseValue::of(p.answer_type)},
                               {"level", LooseValue::of(p.level)},
                               {"status", LooseValue::of(p.status)}});
}

bool same_value(const LooseValue& a, const LooseValue& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case LooseValue::Kind::missing:
        case LooseValue::Kind::null:
            return true;
        case LooseValue::Kind::boolean:
            return a.boolean == b.boolean;
        case LooseValue::Kind::integer:
            return a.integer == b.integer;
        case LooseValue::Kind::number:
            return a.number == b.number;
        case LooseValue::Kind::string:
            return a.string == b.string;
        case LooseValue::Kind::array:
            return std::ranges::equal(a.items, b.items, same_value);
        case LooseValue::Kind::object:
            return std::ranges::equal(a.members, b.members, [](const auto& x, const auto& y) {
                return x.first == y.first && same_value(x.second, y.second);
            });
    }
    return false;
}

std::pair<LooseValue, LooseValue> changed_members(const LooseValue& before,
                                                  const LooseValue& after) {
    Members was, is;
    for (const auto& [name, value] : after.members) {
        const auto& old = before[name];
        if (same_value(old, value) || (old.is_missing() && value.is_null())) continue;
        was.emplace_back(name, old.is_missing() ? LooseValue::null() : old);
        is.emplace_back(name, value);
    }
    for (const auto& [name, value] : before.members) {
        if (!after[name].is_missing()) continue;
        was.emplace_back(name, value);
        is.emplace_back(name, LooseValue::null());
    }
    return {LooseValue::object(std::move(was)), LooseValue::object(std::move(is))};
}

}  // namespace ll
