#pragma once
// The staff studio's static files at /studio/ (docs/studio.md "How the studio is served"): the
// page at /studio/ (revalidated on every load) and its scripts and styles under
// /studio/v/<version>/<file>, cached for a year (a new build has a new version). Every answer
// carries a strict Content-Security-Policy: scripts, styles, images and requests from this
// origin only, no inline script.
#include "adapters/http/server/router.hpp"
#include "adapters/web/embedded_files.hpp"

namespace ll::http {

// The page's `{{version}}` marks become the files' version. `files` must outlive the router.
void add_studio_routes(Router& router, web::EmbeddedFiles files);

// The Content-Security-Policy of studio pages.
inline constexpr const char* kStudioContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
    "media-src 'self' blob:; connect-src 'self'; font-src 'self'; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'";

}  // namespace ll::http
