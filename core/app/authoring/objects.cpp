#include "core/app/authoring/objects.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

namespace ll {
namespace {

// A parent must be another object of the same picture, and not one of the object's own
// descendants (that would make a cycle).
Result<Done> check_parent(ContentTx& tx, Id picture_id, std::optional<Id> self, Id parent_id) {
    auto parent = tx.object(parent_id);
    if (!parent || parent->picture_id != picture_id) return errors::parent_not_in_picture();
    std::set<Id> seen;
    for (std::optional<Id> at = parent_id; at;) {
        if ((self && *at == *self) || !seen.insert(*at).second)
            return errors::parent_in_own_subtree();
        const auto ancestor = tx.object(*at);
        at = ancestor ? ancestor->parent_id : std::nullopt;
    }
    return Done{};
}

}  // namespace

std::vector<Question> questions_of_object(TextRows& tx, Id object_id) {
    QuestionFilter filter;
    filter.object_id = object_id;
    std::vector<Question> out;
    for (Page page{std::nullopt, 500};;) {
        auto batch = tx.questions(filter, page);
        if (batch.empty()) break;
        page.after = batch.back().id;
        std::move(batch.begin(), batch.end(), std::back_inserter(out));
    }
    return out;
}

QuestionView question_view(ContentTx& tx, Question question) {
    QuestionView view{std::move(question), {}, {}, std::nullopt};
    std::vector<Id> ids;
    const auto links = tx.question_word_links(view.question.id);
    for (const auto& l : links) ids.push_back(l.word_id);
    std::map<Id, Word> words;
    for (auto& w : tx.words_by_ids(ids)) words.emplace(w.id, std::move(w));
    for (const auto& l : links) {
        const auto it = words.find(l.word_id);
        if (it == words.end()) continue;
        (l.role == kRoleDistractor ? view.distractor_words : view.answer_words)
            .push_back(it->second);
    }
    return view;
}

Result<ContentObject> create_object(AuthoringPorts& ports, const NewObject& request) {
    return write<ContentObject>(ports.content, [&](ContentTx& tx) -> Result<ContentObject> {
        const auto picture = tx.picture(request.picture_id);
        if (!picture) return errors::no_such("picture_id", "picture");
        auto selections = fields::within_picture(request.selections, "selections", picture->width,
                                                 picture->height);
        if (!selections) return selections.error();
        if (request.parent_id) {
            auto ok = check_parent(tx, picture->id, std::nullopt, *request.parent_id);
            if (!ok) return ok.error();
        }
        ContentObject o;
        o.picture_id = picture->id;
        o.parent_id = request.parent_id;
        o.user_notes = request.user_notes;
        o.selections = std::move(selections.value());
        o.created_at = o.updated_at = ports.clock.now();
        return tx.insert_object(o);
    });
}

Result<std::vector<ContentObject>> list_objects(AuthoringPorts& ports,
                                                const ObjectListQuery& query) {
    return read<std::vector<ContentObject>>(ports.content, [&](ContentTx& tx) {
        return Result<std::vector<ContentObject>>(tx.objects(query.filter, query.page));
    });
}

Result<ContentObject> get_object(AuthoringPorts& ports, Id id) {
    return read<ContentObject>(ports.content, [&](ContentTx& tx) -> Result<ContentObject> {
        auto o = tx.object(id);
        if (!o) return errors::not_found();
        return std::move(*o);
    });
}

Result<ContentObject> patch_object(AuthoringPorts& ports, Id id, const ObjectPatch& patch,
                                   const VersionCondition& expected) {
    return write<ContentObject>(ports.content, [&](ContentTx& tx) -> Result<ContentObject> {
        lock_if_conditional(tx, ItemKind::object, id, expected);
        auto o = tx.object(id);
        if (!o) return errors::not_found();
        if (auto refused = stale(expected, *o)) return *refused;
        const ContentObject stored = *o;
        if (patch.parent_id.present) {
            if (patch.parent_id.value) {
                auto ok = check_parent(tx, o->picture_id, id, *patch.parent_id.value);
                if (!ok) return ok.error();
            }
            o->parent_id = patch.parent_id.value;
        }
        if (patch.user_notes.present) o->user_notes = patch.user_notes.value;
        if (patch.selections) {
            const auto picture = tx.picture(o->picture_id);
            auto selections = fields::within_picture(*patch.selections, "selections",
                                                     picture ? picture->width : std::nullopt,
                                                     picture ? picture->height : std::nullopt);
            if (!selections) return selections.error();
            o->selections = std::move(selections.value());
        }
        if (*o == stored) return std::move(*o);  // nothing to write: updated_at stays
        o->updated_at = ports.clock.now();
        tx.update_object(*o);
        return std::move(*o);
    });
}

Result<Done> delete_object(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(ports.content, [&](ContentTx& tx) -> Result<Done> {
        lock_if_conditional(tx, ItemKind::object, id, expected);
        const auto object = tx.object(id);
        if (!object) return errors::not_found();
        if (auto refused = stale(expected, *object)) return *refused;
        PairFilter uses;
        uses.object_id = id;
        if (const auto n = tx.count_pairs(uses); n > 0) {
            return errors::used_by_pairs("Object", id, n);
        }
        tx.delete_object(id);
        return Done{};
    });
}

Result<std::int64_t> purge_object_orphans(AuthoringPorts& ports, Id id) {
    return write<std::int64_t>(ports.content, [&](ContentTx& tx) -> Result<std::int64_t> {
        if (!tx.object(id)) return errors::not_found();
        return tx.purge_object_orphans(id);
    });
}

Result<std::vector<QuestionView>> list_object_questions(AuthoringPorts& ports, Id id) {
    return read<std::vector<QuestionView>>(ports.content,
                                           [&](ContentTx& tx) -> Result<std::vector<QuestionView>> {
                                               if (!tx.object(id)) return errors::not_found();
                                               std::vector<QuestionView> out;
                                               for (auto& q : questions_of_object(tx, id))
                                                   out.push_back(question_view(tx, std::move(q)));
                                               return out;
                                           });
}

}  // namespace ll
