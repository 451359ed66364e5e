#include "core/app/authoring/history.hpp"

#include <fmt/format.h>

#include "core/app/authoring/requests/texts.hpp"
#include "core/app/authoring/texts.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/versions.hpp"

namespace ll {

namespace {

constexpr int kDefaultLimit = 50;
constexpr int kMaxLimit = 200;

const Decoder::Options kItems = {"pictures",   "objects",   "words", "categories",
                                 "statements", "questions", "pairs"};

// The fields of each restorable item that restore_change writes (the texts' PATCH bodies).
const std::vector<std::string_view> kStatementFields = {"text_de", "text_en", "text_sv"};
const std::vector<std::string_view> kQuestionFields = {
    "text_de",         "text_en",         "text_sv", "short_answer_de",
    "short_answer_en", "short_answer_se", "level"};

// Sets `name` in the object `into` (appended when absent).
void set_member(LooseValue& into, const std::string& name, const LooseValue& value) {
    for (auto& [n, v] : into.members) {
        if (n == name) {
            v = value;
            return;
        }
    }
    into.members.emplace_back(name, value);
}

// The PATCH body of `fields` from the version: with `from_draft`, its draft's texts where it had
// a draft (the version being worked on), else its own. A level is left out when null (it cannot
// be emptied); a text that was empty is sent as null (emptied).
LooseValue patch_body(const LooseValue& version, const std::vector<std::string_view>& fields,
                      bool from_draft) {
    const LooseValue& draft = version["draft"];
    const LooseValue& texts = from_draft && draft.is_object() ? draft : version;
    LooseValue body = LooseValue::object();
    for (const auto field : fields) {
        const auto& value = texts[field];
        if (value.is_missing() || (field == "level" && value.is_null())) continue;
        body.members.emplace_back(std::string(field), value);
    }
    return body;
}

bool changed(const ContentChange& change, std::string_view name) {
    return !change.before[name].is_missing() || !change.after[name].is_missing();
}

// Whether the change changed the draft's texts (not only its review state).
bool changes_draft_texts(const ContentChange& change, const std::vector<std::string_view>& fields) {
    if (!changed(change, "draft")) return false;
    const LooseValue& was = change.before["draft"];
    const LooseValue& is = change.after["draft"];
    if (!was.is_object() || !is.is_object()) return true;  // made or dropped
    for (const auto field : fields)
        if (!same_value(was[field], is[field])) return true;
    return false;
}

// Whether the change touched the item's own texts (a question's short answers and level too).
bool touches_texts(const ContentChange& change, const std::vector<std::string_view>& fields) {
    for (const auto field : fields)
        if (changed(change, field)) return true;
    return false;
}

}  // namespace

template <>
Result<ChangeListRequest> decode<ChangeListRequest>(const LooseValue& v) {
    ChangeListRequest r;
    std::optional<Id> before;
    Decoder d(v);
    d.choice(r.filter.item, "item", kItems)
        .id(r.filter.item_id, "item_id")
        .id(r.filter.editor_id, "editor_id")
        .id(r.filter.picture_id, "picture_id")
        .id(before, "before")
        .integer(r.page.limit, "limit", 1, kMaxLimit, kDefaultLimit);
    d.refuse_if(
        r.filter.item.has_value() != r.filter.item_id.has_value(),
        errors::field(r.filter.item ? "item_id" : "item", "is required with item and item_id"));
    const int filters =
        (r.filter.item_id ? 1 : 0) + (r.filter.editor_id ? 1 : 0) + (r.filter.picture_id ? 1 : 0);
    d.refuse_if(filters > 1,
                errors::field(r.filter.editor_id ? "editor_id" : "picture_id",
                              "goes with no other filter (item, editor_id, picture_id: at most "
                              "one)"));
    r.page.before = before;
    return d.done(std::move(r));
}

Result<ChangeList> list_changes(AuthoringPorts& ports, AccountRepository& accounts,
                                const ChangeListRequest& request) {
    auto list = read<ChangeList>(ports.content, [&](ChangeRows& history) -> Result<ChangeList> {
        ChangeList list;
        list.changes = history.changes(request.filter, request.page);
        if (static_cast<int>(list.changes.size()) == request.page.limit)
            list.next_before = list.changes.back().id;
        return list;
    });
    if (!list) return list;
    for (const auto& change : list->changes) {
        if (!change.editor_id || list->editor_emails.contains(*change.editor_id)) continue;
        if (const auto account = accounts.find_by_id(*change.editor_id))
            list->editor_emails.emplace(account->id, account->email);
    }
    return list;
}

Result<ContentChange> get_change(AuthoringPorts& ports, Id id) {
    return read<ContentChange>(ports.content, [&](ChangeRows& history) -> Result<ContentChange> {
        auto change = history.change(id);
        if (!change) return errors::not_found();
        return *change;
    });
}

Result<RestoredItem> restore_change(AuthoringPorts& ports, Id id,
                                    const VersionCondition& expected) {
    // The version before the change: the item as it is now, with the `before` of every change
    // from the newest back to this one put back, newest first. Its version now goes with the
    // edit, so a change made meanwhile is not overwritten from this read (412).
    struct Version {
        std::string item;
        Id item_id = 0;
        LooseValue fields;
        std::string now;  // version_of the item as read
        bool from_draft = false;
        LooseValue current;  // the item's texts now, as an edit starts from them (its draft's)
    };
    const auto version =
        read<Version>(ports.content, [&](ChangeRows& history, TextRows& texts) -> Result<Version> {
            const auto change = history.change(id);
            if (!change) return errors::not_found();
            const bool statement = change->item == "statements";
            if (!statement && change->item != "questions")
                return errors::conflict(
                    fmt::format("Only statements and questions can be restored; change {} is of {}",
                                id, change->item));
            const char* kind = statement ? "statement" : "question";
            if (change->action == change_action::kCreate)
                return errors::conflict(
                    fmt::format("Change {} created the {}: it has no earlier version", id, kind));
            const auto& fields = statement ? kStatementFields : kQuestionFields;
            const bool own_texts = touches_texts(*change, fields);
            if (!own_texts && !changes_draft_texts(*change, fields))
                return errors::conflict(fmt::format(
                    "Change {} changed no text of the {}: there is nothing to restore", id, kind));
            // A change of the texts themselves (an edit in place, a published draft) is undone
            // to its texts before; a change of the draft alone, to the draft then.
            Version v{change->item, change->item_id, {}, {}, !own_texts, {}};
            if (statement) {
                const auto now = texts.statement(change->item_id);
                if (!now) return errors::not_found();
                if (auto refused = stale(expected, *now)) return *refused;
                v.fields = snapshot(*now);
                v.now = version_of(*now);
            } else {
                const auto now = texts.question(change->item_id);
                if (!now) return errors::not_found();
                if (auto refused = stale(expected, *now)) return *refused;
                v.fields = snapshot(*now);
                v.now = version_of(*now);
            }
            v.current = patch_body(v.fields, fields, true);
            ChangeFilter of_item;
            of_item.item = change->item;
            of_item.item_id = change->item_id;
            ChangePage page;
            page.limit = kMaxLimit;
            for (bool more = true; more;) {
                const auto newer = history.changes(of_item, page);
                for (const auto& c : newer) {
                    if (c.id < id) {
                        more = false;
                        break;
                    }
                    for (const auto& [name, value] : c.before.members)
                        set_member(v.fields, name, value);
                }
                if (static_cast<int>(newer.size()) < page.limit) break;
                page.before = newer.back().id;
            }
            return v;
        });
    if (!version) return version.error();
    const auto& v = version.value();
    const auto& fields = v.item == "statements" ? kStatementFields : kQuestionFields;
    if (same_value(patch_body(v.fields, fields, v.from_draft), v.current))
        return errors::conflict(
            fmt::format("Nothing to restore: {} {} reads as it did before change {}",
                        v.item == "statements" ? "statement" : "question", v.item_id, id));
    const auto unchanged = VersionCondition::listed({v.now});
    if (v.item == "statements") {
        const auto patch =
            decode<StatementPatch>(patch_body(v.fields, kStatementFields, v.from_draft));
        if (!patch) return patch.error();
        const auto patched = patch_statement(ports, v.item_id, patch.value(), unchanged);
        if (!patched) return patched.error();
    } else {
        const auto patch =
            decode<QuestionPatch>(patch_body(v.fields, kQuestionFields, v.from_draft));
        if (!patch) return patch.error();
        const auto patched = patch_question(ports, v.item_id, patch.value(), unchanged);
        if (!patched) return patched.error();
    }
    return RestoredItem{v.item, v.item_id};
}

}  // namespace ll
