#pragma once
// Objects of a picture (db_objects): marked regions with notes, a parent object and a label word.
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/objects.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/versions.hpp"
#include "core/app/authoring/views.hpp"

namespace ll {

// `{picture_id, parent_id?, user_notes?, selections?}`; starts as draft.
Result<ContentObject> create_object(AuthoringPorts& ports, const NewObject& request);
// `picture_id`, `status`, `limit`, `after`.
Result<std::vector<ContentObject>> list_objects(AuthoringPorts& ports,
                                                const ObjectListQuery& query);
Result<ContentObject> get_object(AuthoringPorts& ports, Id id);
// `parent_id` (null detaches), `user_notes`, `selections`.
// `expected`: the If-Match versions (versions.hpp); another version is 412, nothing changed.
Result<ContentObject> patch_object(AuthoringPorts& ports, Id id, const ObjectPatch& patch,
                                   const VersionCondition& expected = {});
// Refused (409) while pairs use the object.
Result<Done> delete_object(AuthoringPorts& ports, Id id, const VersionCondition& expected = {});
// Orphaned link records of this object (its words' links, its questions' word links).
Result<std::int64_t> purge_object_orphans(AuthoringPorts& ports, Id id);
// Its questions with answer and distractor words (GET /api/object/:id/questions).
Result<std::vector<QuestionView>> list_object_questions(AuthoringPorts& ports, Id id);

// Shared with generation: a question with its words, from its link records.
QuestionView question_view(WordRows& words, WordLinkRows& links, Question question);
// Every question of an object, in id order.
std::vector<Question> questions_of_object(TextRows& texts, Id object_id);

}  // namespace ll
