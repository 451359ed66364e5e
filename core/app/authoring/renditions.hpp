#pragma once
// A picture's renditions (docs/architecture.md "Renditions"): a thumbnail for the studio's lists
// and a phone-sized copy for the learner's feed, made from the image and stored in the media
// store like the original (content-hash names); and the backfill for pictures stored before
// renditions existed (`langlearn-admin make-renditions`).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/backfill.hpp"
#include "core/domain/result.hpp"

namespace ll {

struct StoredRenditions {
    std::string thumbnail_path;  // media names
    std::string phone_path;
};

// Makes both renditions of an image that passed the upload checks and stores them. 400
// `image is damaged or incomplete` when the image cannot be decoded; throws for anything else
// (the media store cannot write, the image library fails): an internal error.
Result<StoredRenditions> store_renditions(AuthoringPorts& ports, std::string_view image);

// made: pictures that got their renditions; skipped: with renditions already, or without an
// image; failed: the original is missing or cannot be decoded.
using RenditionBackfill = Backfill;

// Every picture with an image but without renditions gets them; idempotent (a second run makes
// none). A picture whose image changed meanwhile is left to the upload that changed it.
RenditionBackfill make_missing_renditions(AuthoringPorts& ports);

}  // namespace ll
