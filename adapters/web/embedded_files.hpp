#pragma once
// Files built into the binary (the studio's pages, scripts and styles: adapters/web/studio/), so
// a service serves them with no install step and no file system access.
#include <span>
#include <string_view>

namespace ll::web {

struct EmbeddedFile {
    std::string_view path;  // relative to the embedded folder, e.g. "studio.js"
    std::string_view bytes;
};

struct EmbeddedFiles {
    std::span<const EmbeddedFile> files;  // sorted by path
    std::string_view version;             // changes whenever any file changes
};

// adapters/web/studio/ (generated at build time).
EmbeddedFiles studio_files();

}  // namespace ll::web
