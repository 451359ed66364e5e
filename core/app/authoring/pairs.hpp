#pragma once
// Pairs (db_pairs): a statement with an optional question and an answer type, on a picture and
// one of its objects, with the words linked to its statement and question (docs/spec/authoring.md).
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/pairs.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/app/authoring/versions.hpp"
#include "core/app/authoring/views.hpp"
#include "core/domain/content_states.hpp"

namespace ll {

// `{picture_id, object_id?, answer_type, level?, statement: {texts} | statement_id,
// question?: {texts} | question_id, words_add?}`; starts as draft.
Result<PairView> create_pair(AuthoringPorts& ports, const NewPair& request);
// `picture_id`, `object_id`, `status`, `limit`, `after`.
Result<std::vector<PairView>> list_pairs(AuthoringPorts& ports, const PairListQuery& query);
Result<PairView> get_pair(AuthoringPorts& ports, Id id);
// `level`, `answer_type`, `statement` (texts), `question` (texts: created when the pair has
// none; null removes it), `words_add: [{word_id, link_to}]`, `words_remove: [link ids]`.
// `expected`: the If-Match versions (versions.hpp); another version is 412, nothing changed.
Result<PairView> patch_pair(AuthoringPorts& ports, Id id, const PairPatch& patch,
                            const VersionCondition& expected = {});
// The pair, its categories, and its statement and question unless another pair uses them.
Result<Done> delete_pair(AuthoringPorts& ports, Id id, const VersionCondition& expected = {});
// review / publish / unpublish; publishing recomputes the pair's categories.
// A published pair whose statement or question has a draft (core/domain/text_drafts.hpp): review
// reviews the drafts, publish publishes them (a new revision for learners). `spoken`: audio made
// for make_audio=true (audio.hpp speak_stale_audio), written on publish where it speaks the texts.
Result<PairView> change_pair_status(AuthoringPorts& ports, Id id, ReviewAction action,
                                    const std::vector<Audio>& spoken = {});
// `{picture_id}`: every reviewed pair of the picture is published (categories recomputed).
Result<PipelineResult> publish_pipeline(AuthoringPorts& ports, const PublishPipeline& request);
// langlearn-admin backfill-pair-categories: recomputes the categories of every published pair;
// answers how many pairs it went through.
std::int64_t backfill_pair_categories(AuthoringPorts& ports);

// The categories of the words linked to the pair's statement and object, ordered by id: what
// publishing stores as the pair's categories (and the learner preview shows).
std::vector<Category> derived_pair_categories(WordRows& words, WordLinkRows& links,
                                              const Pair& pair);
// pair_categories from derived_pair_categories.
void recompute_pair_categories(WordRows& words, WordLinkRows& links, PairRows& pairs,
                               const Pair& pair);

}  // namespace ll
