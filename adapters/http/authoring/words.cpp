// Words (db_words) and categories (docs/spec/authoring.md). Every staff role lists the
// categories; creating, renaming and deleting them is maintenance, for admins
// (docs/authoring-guide.md "Who may do what").
#include "core/app/authoring/words.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/categories.hpp"

namespace ll::http::authoring {

void add_word_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"GET", {"/api/cms/db-words"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_words, p, c.query()));
                }});
    routes.add({"POST", {"/api/cms/db-words"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(decoded(create_word, p, c.loose_body()), 201);
                }});
    routes.add({"GET", {"/api/cms/db-words/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(get_word(p, c.id));
                }});
    routes.add({"PATCH", {"/api/cms/db-words/:id"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(
                        decoded(patch_word, p, c.id, c.loose_body(), if_match(c.request)));
                }});
    routes.add({"DELETE",
                {"/api/cms/db-words/:id", "/api/word/:id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(delete_word(p, c.id, if_match(c.request)));
                }});
    routes.add(
        {"POST", {"/api/cms/db-words/:id/publish"}, Auth::token, Body::none, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return publish_answer(p, c, "words", [&](const std::vector<Audio>& spoken) {
                 return change_word_status(p, c.id, WordAction::publish, spoken);
             });
         }});
    routes.add(
        {"POST", {"/api/cms/db-words/:id/unpublish"}, Auth::token, Body::none, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return answer_item(change_word_status(p, c.id, WordAction::unpublish));
         }});
    routes.add({"GET", {"/api/categories"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(list_categories(p));
                }});
    routes.add({"POST", {"/api/categories"}, Auth::admin, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(create_category, p, c.loose_body()), 201);
                }});
    routes.add({"PATCH", {"/api/categories/:id"}, Auth::admin, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(rename_category, p, c.id, c.loose_body()));
                }});
    routes.add({"DELETE", {"/api/categories/:id"}, Auth::admin, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(delete_category(p, c.id));
                }});
}

}  // namespace ll::http::authoring
