#pragma once
// The studio's learner preview of a pair (docs/authoring-guide.md "Learner preview"): the pair
// as one GET /feed entry in a language, whether the learner gets it now, and if not, why; and
// what the card asks of a learner (the practice queue's exercise), with its answers for the
// editor.
#include <optional>
#include <string>
#include <vector>

#include "core/app/authoring/requests/pairs.hpp"
#include "core/app/learning/exercises.hpp"
#include "core/ports/content_store.hpp"
#include "core/ports/feed.hpp"
#include "core/ports/learning/answer_keys.hpp"
#include "core/ports/text_folding.hpp"

namespace ll {

// The preview reads the content, and the card's answer key as grading reads it (uncached: the
// answer_keys() of one page, so an edit shows at once).
struct PreviewPorts {
    ContentStore& content;
    AnswerKeyQuery& answer_keys;
    const TextFolding& folding;
};

// The exercise as a learner of the language gets it in the practice queue (docs/learning.md
// "Exercises"), in an order fixed by the pair alone, and what the learner does not see: which
// choices are right (a word choice's id is "w" and the word's id) and the typed answers that
// are graded right, as the editor wrote them.
struct PreviewExercise {
    Exercise exercise;
    std::vector<std::string> right_choice_ids;
    std::vector<std::string> accepted_texts;
};

struct PairPreview {
    std::string lang;
    // The texts' drafts applied (PairPreviewQuery::draft): audio counts only where it speaks the
    // draft's text, as publishing checks it.
    bool draft = false;
    bool in_feed = false;
    std::vector<std::string> reasons;  // why not (core/domain/feed_rules.hpp); empty when in_feed
    // The feed entry; image_url and audio_url null while the pair has no image or audio.
    // Its categories are those publishing would store (derived_pair_categories), not the ones
    // stored now, so a draft shows what the learner will get.
    FeedItem item;
    // Null only for a pair deleted between the two reads.
    std::optional<PreviewExercise> exercise;
};

// 404 for an unknown pair. Reads, never writes.
Result<PairPreview> preview_pair(PreviewPorts& ports, Id id, const PairPreviewQuery& query);

}  // namespace ll
