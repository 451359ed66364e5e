#pragma once
// The studio's learner preview of a pair (docs/authoring-guide.md "Learner preview"): the pair
// as one GET /feed entry in a language, whether the learner gets it now, and if not, why.
#include <string>
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/requests/pairs.hpp"
#include "core/ports/feed.hpp"

namespace ll {

struct PairPreview {
    std::string lang;
    bool in_feed = false;
    std::vector<std::string> reasons;  // why not (core/domain/feed_rules.hpp); empty when in_feed
    // The feed entry; image_url and audio_url null while the pair has no image or audio.
    // Its categories are those publishing would store (derived_pair_categories), not the ones
    // stored now, so a draft shows what the learner will get.
    FeedItem item;
};

// 404 for an unknown pair. Reads, never writes.
Result<PairPreview> preview_pair(AuthoringPorts& ports, Id id, const PairPreviewQuery& query);

}  // namespace ll
