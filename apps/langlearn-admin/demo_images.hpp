#pragma once
// Small pictures for the demo content, drawn in code and encoded as PNG (zlib), so the demo
// needs no binary files in the repository.
#include <string>

namespace ll::demo {

// "apple", "house", "sun", "tree": a 160 x 120 PNG of that motif.
std::string render_png(const std::string& motif);

}  // namespace ll::demo
