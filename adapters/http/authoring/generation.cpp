// Word and question suggestions from FreeDict or the configured language model
// (docs/spec/authoring.md "Generation").
#include "core/app/authoring/generation.hpp"
#include "adapters/http/authoring/resources.hpp"

namespace ll::http::authoring {

void add_generation_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"POST", {"/api/generate-words"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(generate_words, p, c.loose_body()));
                }});
    routes.add({"POST", {"/api/word-suggestions"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(suggest_words, p, c.loose_body()));
                }});
    routes.add({"POST",
                {"/api/objects/:id/generate-questions"},
                Auth::token,
                Body::json,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(generate_questions, p, c.id, c.loose_body()));
                }});
}

}  // namespace ll::http::authoring
