// Spoken audio of the texts with espeak-ng: one, a batch of what is missing, and the coverage
// (docs/spec/authoring.md "Audio").
#include <spdlog/spdlog.h>

#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/audio.hpp"

namespace ll::http::authoring {

void add_audio_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"POST", {"/api/audios/generate-for"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    // 201 when the audio was made, 200 when an existing one was replaced.
                    const auto r = decoded(generate_audio, p, c.loose_body());
                    return answer(r, r && r->created ? 201 : 200);
                }});
    routes.add({"POST", {"/api/audios/generate-batch"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    const auto r = decoded(generate_audio_batch, p, c.loose_body());
                    // The answer lists what failed without why; the log says why.
                    if (r) {
                        for (const auto& f : r->failed) {
                            spdlog::warn("request {}: audio of {} {} {} {}: {}",
                                         c.request.request_id, f.source.table, f.source.id,
                                         f.source.field, f.source.language, f.detail);
                        }
                    }
                    return answer(r);
                }});
    routes.add({"GET", {"/api/audios"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_item_audios, p, c.query()));
                }});
    routes.add({"GET", {"/api/audios/coverage"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(audio_coverage(p));
                }});
}

}  // namespace ll::http::authoring
