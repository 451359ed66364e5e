#pragma once
// `langlearn-admin seed --demo`: a small, real, published content set made through the same
// authoring use cases the API runs (pictures drawn in code, objects, label words with
// categories, statements, questions, pairs of all four answer types, espeak-ng audio), so that
// GET /feed has items with working image_url and audio_url on a fresh install.
#include "core/app/authoring/authoring_ports.hpp"

namespace ll {

struct DemoSeedResult {
    int pictures = 0;
    int pairs = 0;
    int audios = 0;
};

// Adds the demo content unless pictures exist already (then adds nothing). Throws
// std::runtime_error naming the step that failed.
DemoSeedResult seed_demo_content(AuthoringPorts& ports);

}  // namespace ll
