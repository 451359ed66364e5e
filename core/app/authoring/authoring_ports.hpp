#pragma once
// Everything the authoring use cases need from outside, handed in by the composition root
// (authoring-api, langlearn-admin's demo seed, tests).
#include "core/ports/audio_encoder.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/content_store.hpp"
#include "core/ports/image_renditions.hpp"
#include "core/ports/media_store.hpp"
#include "core/ports/speech.hpp"
#include "core/ports/word_generator.hpp"

#include <optional>

#include "core/domain/types.hpp"

namespace ll {

struct AuthoringPorts {
    ContentStore& content;
    MediaStore& media;
    ImageRenditions& renditions;
    SpeechSynthesizer& speech;
    AudioEncoder& encoder;
    WordGenerator& words;
    const Clock& clock;
    // The staff account the use cases act for: their changes are recorded as its
    // (docs/authoring-guide.md "History"); none for the system (demo seed, development token).
    std::optional<Id> editor_id{};
};

}  // namespace ll
