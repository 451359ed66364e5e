#include "core/app/authoring/objects.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

namespace ll {
namespace {

// A parent must be another object of the same picture, and not one of the object's own
// descendants (that would make a cycle).
Result<Done> check_parent(ObjectRows& objects, Id picture_id, std::optional<Id> self,
                          Id parent_id) {
    auto parent = objects.object(parent_id);
    if (!parent || parent->picture_id != picture_id) return errors::parent_not_in_picture();
    std::set<Id> seen;
    for (std::optional<Id> at = parent_id; at;) {
        if ((self && *at == *self) || !seen.insert(*at).second)
            return errors::parent_in_own_subtree();
        const auto ancestor = objects.object(*at);
        at = ancestor ? ancestor->parent_id : std::nullopt;
    }
    return Done{};
}

}  // namespace

std::vector<Question> questions_of_object(TextRows& texts, Id object_id) {
    QuestionFilter filter;
    filter.object_id = object_id;
    std::vector<Question> out;
    for (Page page{std::nullopt, 500};;) {
        auto batch = texts.questions(filter, page);
        if (batch.empty()) break;
        page.after = batch.back().id;
        std::move(batch.begin(), batch.end(), std::back_inserter(out));
    }
    return out;
}

QuestionView question_view(WordRows& words, WordLinkRows& links, Question question) {
    QuestionView view{std::move(question), {}, {}, std::nullopt};
    std::vector<Id> ids;
    const auto linked = links.question_word_links(view.question.id);
    for (const auto& l : linked) ids.push_back(l.word_id);
    std::map<Id, Word> by_id;
    for (auto& w : words.words_by_ids(ids)) by_id.emplace(w.id, std::move(w));
    for (const auto& l : linked) {
        const auto it = by_id.find(l.word_id);
        if (it == by_id.end()) continue;
        (l.role == kRoleDistractor ? view.distractor_words : view.answer_words)
            .push_back(it->second);
    }
    return view;
}

Result<ContentObject> create_object(AuthoringPorts& ports, const NewObject& request) {
    return write<ContentObject>(
        ports, [&](PictureRows& pictures, ObjectRows& objects) -> Result<ContentObject> {
            const auto picture = pictures.picture(request.picture_id);
            if (!picture) return errors::no_such("picture_id", "picture");
            auto selections = fields::within_picture(request.selections, "selections",
                                                     picture->width, picture->height);
            if (!selections) return selections.error();
            if (request.parent_id) {
                auto ok = check_parent(objects, picture->id, std::nullopt, *request.parent_id);
                if (!ok) return ok.error();
            }
            ContentObject o;
            o.picture_id = picture->id;
            o.parent_id = request.parent_id;
            o.user_notes = request.user_notes;
            o.selections = std::move(selections.value());
            o.created_at = o.updated_at = ports.clock.now();
            return objects.insert_object(o);
        });
}

Result<std::vector<ContentObject>> list_objects(AuthoringPorts& ports,
                                                const ObjectListQuery& query) {
    return read<std::vector<ContentObject>>(ports.content, [&](ObjectRows& objects) {
        return Result<std::vector<ContentObject>>(objects.objects(query.filter, query.page));
    });
}

Result<ContentObject> get_object(AuthoringPorts& ports, Id id) {
    return read<ContentObject>(ports.content, [&](ObjectRows& objects) -> Result<ContentObject> {
        auto o = objects.object(id);
        if (!o) return errors::not_found();
        return std::move(*o);
    });
}

Result<ContentObject> patch_object(AuthoringPorts& ports, Id id, const ObjectPatch& patch,
                                   const VersionCondition& expected) {
    return write<ContentObject>(
        ports,
        [&](ItemLocks& locks, PictureRows& pictures, ObjectRows& objects) -> Result<ContentObject> {
            lock_if_conditional(locks, ItemKind::object, id, expected);
            auto o = objects.object(id);
            if (!o) return errors::not_found();
            if (auto refused = stale(expected, *o)) return *refused;
            const ContentObject stored = *o;
            if (patch.parent_id.present) {
                if (patch.parent_id.value) {
                    auto ok = check_parent(objects, o->picture_id, id, *patch.parent_id.value);
                    if (!ok) return ok.error();
                }
                o->parent_id = patch.parent_id.value;
            }
            if (patch.user_notes.present) o->user_notes = patch.user_notes.value;
            if (patch.selections) {
                const auto picture = pictures.picture(o->picture_id);
                auto selections = fields::within_picture(*patch.selections, "selections",
                                                         picture ? picture->width : std::nullopt,
                                                         picture ? picture->height : std::nullopt);
                if (!selections) return selections.error();
                o->selections = std::move(selections.value());
            }
            if (*o == stored) return std::move(*o);  // nothing to write: updated_at stays
            o->updated_at = ports.clock.now();
            objects.update_object(*o);
            return std::move(*o);
        });
}

Result<Done> delete_object(AuthoringPorts& ports, Id id, const VersionCondition& expected) {
    return write<Done>(ports,
                       [&](ItemLocks& locks, ObjectRows& objects, PairRows& pairs) -> Result<Done> {
                           lock_if_conditional(locks, ItemKind::object, id, expected);
                           const auto object = objects.object(id);
                           if (!object) return errors::not_found();
                           if (auto refused = stale(expected, *object)) return *refused;
                           PairFilter uses;
                           uses.object_id = id;
                           if (const auto n = pairs.count_pairs(uses); n > 0) {
                               return errors::used_by_pairs("Object", id, n);
                           }
                           objects.delete_object(id);
                           return Done{};
                       });
}

Result<std::int64_t> purge_object_orphans(AuthoringPorts& ports, Id id) {
    return write<std::int64_t>(
        ports,
        [&](ObjectRows& objects, ContentMaintenance& maintenance) -> Result<std::int64_t> {
            if (!objects.object(id)) return errors::not_found();
            return maintenance.purge_object_orphans(id);
        });
}

Result<std::vector<QuestionView>> list_object_questions(AuthoringPorts& ports, Id id) {
    return read<std::vector<QuestionView>>(
        ports.content,
        [&](ObjectRows& objects, WordRows& words, WordLinkRows& links,
            TextRows& texts) -> Result<std::vector<QuestionView>> {
            if (!objects.object(id)) return errors::not_found();
            std::vector<QuestionView> out;
            for (auto& q : questions_of_object(texts, id))
                out.push_back(question_view(words, links, std::move(q)));
            return out;
        });
}

}  // namespace ll
