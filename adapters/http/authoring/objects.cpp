// Objects of a picture, their label words, questions and orphaned links
// (docs/spec/authoring.md). `/api/cms/db-objects` is the spec's older alias of `/api/cms/objects`.
#include "core/app/authoring/objects.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/words.hpp"

namespace ll::http::authoring {

void add_object_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"GET",
                {"/api/cms/objects", "/api/cms/db-objects"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_objects, p, c.query()));
                }});
    routes.add({"POST",
                {"/api/cms/objects", "/api/cms/db-objects"},
                Auth::token,
                Body::json,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(decoded(create_object, p, c.loose_body()), 201);
                }});
    routes.add({"GET",
                {"/api/cms/objects/:id", "/api/cms/db-objects/:id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(get_object(p, c.id));
                }});
    routes.add({"PATCH",
                {"/api/cms/objects/:id", "/api/cms/db-objects/:id"},
                Auth::token,
                Body::json,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(
                        decoded(patch_object, p, c.id, c.loose_body(), if_match(c.request)));
                }});
    routes.add({"DELETE",
                {"/api/cms/objects/:id", "/api/cms/db-objects/:id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(delete_object(p, c.id, if_match(c.request)));
                }});
    add_review_routes(routes, {"/api/cms/objects/:id", "/api/cms/db-objects/:id"}, p,
                      [](AuthoringPorts& p, Id id, ReviewAction a, const std::vector<Audio>&) {
                          return change_object_status(p, id, a);
                      });
    routes.add(
        {"GET",
         {"/api/cms/objects/:id/words", "/api/cms/db-objects/:id/words", "/api/object/:id/words"},
         Auth::token,
         Body::none,
         [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return answer(list_object_words(p, c.id));
         }});
    routes.add({"POST",
                {"/api/cms/objects/:id/words", "/api/cms/db-objects/:id/words"},
                Auth::token,
                Body::json,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return created_or_found(decoded(add_object_word, p, c.id, c.loose_body()));
                }});
    routes.add({"DELETE",
                {"/api/cms/objects/:id/words/:word_id", "/api/cms/db-objects/:id/words/:word_id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(unlink_object_word(p, c.id, c.word_id));
                }});
    routes.add({"POST",
                {"/api/cms/objects/:id/purge-orphans", "/api/cms/db-objects/:id/purge-orphans"},
                Auth::admin,  // maintenance (docs/authoring-guide.md "Who may do what")
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    const auto r = purge_object_orphans(p, c.id);
                    return r ? json_ok(200, json::object{{"removed", r.value()}})
                             : error_response(r.error());
                }});
    routes.add({"GET", {"/api/object/:id/questions"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(list_object_questions(p, c.id));
                }});
}

}  // namespace ll::http::authoring
