#include "core/app/authoring/versions.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include <fmt/format.h>

namespace ll {
namespace {

// FNV-1a, 64 bits, over the item's members in a fixed order. Every member is written with a
// tag for absent/present and strings with their length, so no two different items give one
// byte sequence; the hash is not a defence against a forger (an editor gains nothing by
// forging a collision with another editor's version), only a detector of change.
class Digest {
  public:
    Digest& add(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(v >> (8 * i)));
        return *this;
    }
    Digest& add(std::int64_t v) { return add(static_cast<std::uint64_t>(v)); }
    Digest& add(int v) { return add(static_cast<std::int64_t>(v)); }
    Digest& add(bool v) { return add(std::uint64_t{v ? 1u : 0u}); }
    Digest& add(double v) { return add(std::bit_cast<std::uint64_t>(v)); }
    Digest& add(Timestamp t) {
        return add(static_cast<std::int64_t>(t.time_since_epoch().count()));
    }
    Digest& add(std::string_view s) {
        add(static_cast<std::uint64_t>(s.size()));
        for (char c : s) byte(static_cast<unsigned char>(c));
        return *this;
    }
    Digest& add(const std::string& s) { return add(std::string_view(s)); }
    template <typename T>
    Digest& add(const std::optional<T>& v) {
        add(v.has_value());
        if (v) add(*v);
        return *this;
    }
    Digest& add(const Category& c) { return add(c.id).add(c.titel_de); }
    template <typename T>
    Digest& add(const std::vector<T>& items) {
        add(static_cast<std::uint64_t>(items.size()));
        for (const auto& item : items) add(item);
        return *this;
    }

    std::string hex() const { return fmt::format("{:016x}", state_); }

  private:
    void byte(unsigned char b) {
        state_ ^= b;
        state_ *= 0x100000001b3ULL;
    }
    std::uint64_t state_ = 0xcbf29ce484222325ULL;
};

Digest& add_selection(Digest& d, const Selection& s) {
    d.add(s.type == Selection::Type::polygon).add(s.x).add(s.y).add(s.w).add(s.h);
    d.add(static_cast<std::uint64_t>(s.points.size()));
    for (const auto& [x, y] : s.points) d.add(x).add(y);
    return d;
}

Digest& add_statement(Digest& d, const Statement& s) {
    d.add(s.id)
        .add(s.text_de)
        .add(s.text_en)
        .add(s.text_sv)
        .add(s.status)
        .add(s.created_at)
        .add(s.updated_at)
        .add(s.draft.has_value());
    if (!s.draft) return d;
    const StatementDraft& t = *s.draft;
    return d.add(t.text_de).add(t.text_en).add(t.text_sv).add(t.status).add(t.updated_at);
}

Digest& add_question(Digest& d, const Question& q) {
    d.add(q.id)
        .add(q.object_id)
        .add(q.text_de)
        .add(q.text_en)
        .add(q.text_sv)
        .add(q.short_answer_de)
        .add(q.short_answer_en)
        .add(q.short_answer_se)
        .add(q.level)
        .add(q.status)
        .add(q.created_at)
        .add(q.updated_at)
        .add(q.draft.has_value());
    if (!q.draft) return d;
    const QuestionDraft& t = *q.draft;
    return d.add(t.text_de)
        .add(t.text_en)
        .add(t.text_sv)
        .add(t.short_answer_de)
        .add(t.short_answer_en)
        .add(t.short_answer_se)
        .add(t.level)
        .add(t.status)
        .add(t.updated_at);
}

}  // namespace

std::string version_of(const Picture& p) {
    Digest d;
    d.add(p.id).add(p.status).add(p.title).add(p.image_path).add(p.image_mime).add(p.width);
    d.add(p.height).add(p.objects_created).add(p.objects_created_at).add(p.created_at);
    return d.add(p.updated_at).hex();
}

std::string version_of(const ContentObject& o) {
    Digest d;
    d.add(o.id).add(o.picture_id).add(o.parent_id).add(o.user_notes);
    d.add(static_cast<std::uint64_t>(o.selections.size()));
    for (const auto& s : o.selections) add_selection(d, s);
    return d.add(o.status).add(o.created_at).add(o.updated_at).hex();
}

std::string version_of(const Word& w) {
    Digest d;
    d.add(w.id).add(w.title_de).add(w.title_en).add(w.title_sv).add(w.level).add(w.status);
    return d.add(w.categories).add(w.created_at).add(w.updated_at).hex();
}

std::string version_of(const Statement& s) {
    Digest d;
    return add_statement(d, s).hex();
}

std::string version_of(const Question& q) {
    Digest d;
    return add_question(d, q).hex();
}

std::string version_of(const PairView& v) {
    const Pair& p = v.pair;
    Digest d;
    d.add(p.id).add(p.picture_id).add(p.object_id).add(p.statement_id).add(p.question_id);
    d.add(p.answer_type).add(p.level).add(p.status).add(p.created_at).add(p.updated_at);
    d.add(v.statement.has_value());
    if (v.statement) add_statement(d, *v.statement);
    d.add(v.question.has_value());
    if (v.question) add_question(d, *v.question);
    d.add(static_cast<std::uint64_t>(v.words.size()));
    for (const auto& w : v.words) d.add(w.link_id).add(w.link_to).add(w.word_id).add(w.title_de);
    return d.add(v.categories).hex();
}

bool VersionCondition::matches(std::string_view current) const {
    switch (kind) {
        case Kind::none:
        case Kind::any:
            return true;
        case Kind::listed:
            return std::find(versions.begin(), versions.end(), current) != versions.end();
    }
    return false;
}

}  // namespace ll
