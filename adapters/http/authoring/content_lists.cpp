// The studio's content lists across pictures (docs/authoring-guide.md "Content lists"): every
// staff role may search them and act on many items, as on one.
#include "adapters/http/json/content_lists.hpp"

#include <spdlog/spdlog.h>

#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/content_lists.hpp"

namespace ll::http::authoring {
namespace {

// The answer of a bulk action; why each refused item failed beyond what the answer says (a
// synthesizer's message, an exception's) goes to the log with the request id.
Response bulk_answer(const Call& c, const char* kind, const Result<BulkResult>& r) {
    if (r)
        for (const auto& refusal : r->refused)
            if (refusal.error.detail)
                spdlog::warn("request {}: bulk {} of {} {}: {}", c.request.request_id, r->action,
                             kind, refusal.id, *refusal.error.detail);
    return answer(r);
}

}  // namespace

void add_content_list_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"GET", {"/api/content/pairs"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_content_pairs, p, c.query()));
                }});
    routes.add({"POST", {"/api/content/pairs/bulk"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return bulk_answer(c, "pair", decoded(bulk_pairs, p, c.loose_body()));
                }});
    routes.add({"GET", {"/api/content/words"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_content_words, p, c.query()));
                }});
    routes.add({"POST", {"/api/content/words/bulk"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return bulk_answer(c, "word", decoded(bulk_words, p, c.loose_body()));
                }});
    routes.add({"GET", {"/api/content/statements"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_content_statements, p, c.query()));
                }});
    routes.add(
        {"POST", {"/api/content/statements/bulk"}, Auth::token, Body::json, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return bulk_answer(c, "statement", decoded(bulk_statements, p, c.loose_body()));
         }});
    routes.add({"GET", {"/api/content/questions"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_content_questions, p, c.query()));
                }});
    routes.add(
        {"POST", {"/api/content/questions/bulk"}, Auth::token, Body::json, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return bulk_answer(c, "question", decoded(bulk_questions, p, c.loose_body()));
         }});
}

}  // namespace ll::http::authoring
