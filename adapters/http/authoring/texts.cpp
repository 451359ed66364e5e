// Statements (db_statement) and questions (db_question) with their words (docs/spec/authoring.md).
#include "core/app/authoring/texts.hpp"
#include "adapters/http/authoring/resources.hpp"
#include "core/app/authoring/objects.hpp"
#include "core/app/authoring/question_words.hpp"
#include "core/app/authoring/text_drafts.hpp"

namespace ll::http::authoring {

void add_text_routes(RouteBuilder& routes, AuthoringPorts p) {
    routes.add({"GET", {"/api/cms/db-statements"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_statements, p, c.query()));
                }});
    routes.add({"POST", {"/api/cms/db-statements"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(decoded(create_statement, p, c.loose_body()), 201);
                }});
    routes.add({"GET", {"/api/cms/db-statements/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(get_statement(p, c.id));
                }});
    routes.add(
        {"PATCH", {"/api/cms/db-statements/:id"}, Auth::token, Body::json, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return answer_item(
                 decoded(patch_statement, p, c.id, c.loose_body(), if_match(c.request)));
         }});
    routes.add(
        {"DELETE", {"/api/cms/db-statements/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return no_content(delete_statement(p, c.id, if_match(c.request)));
         }});
    // The draft beside a live statement (docs/authoring-guide.md "Drafts of published content").
    routes.add({"DELETE",
                {"/api/cms/db-statements/:id/draft"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(discard_statement_draft(p, c.id, if_match(c.request)));
                }});
    add_review_routes(
        routes, {"/api/cms/db-statements/:id"}, p,
        [](AuthoringPorts& p, Id id, ReviewAction a, const std::vector<Audio>& spoken) {
            return change_statement_status(p, id, a, spoken);
        },
        "statements");
    routes.add({"GET", {"/api/cms/db-questions"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(list_questions, p, c.query()));
                }});
    routes.add({"POST", {"/api/cms/db-questions"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(decoded(create_question, p, c.loose_body()), 201);
                }});
    routes.add({"GET", {"/api/cms/db-questions/:id"}, Auth::token, Body::none, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(get_question(p, c.id));
                }});
    routes.add({"PATCH", {"/api/cms/db-questions/:id"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer_item(
                        decoded(patch_question, p, c.id, c.loose_body(), if_match(c.request)));
                }});
    routes.add({"DELETE",
                {"/api/cms/db-questions/:id", "/api/question/:id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(delete_question(p, c.id, if_match(c.request)));
                }});
    routes.add(
        {"DELETE", {"/api/cms/db-questions/:id/draft"}, Auth::token, Body::none, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return answer_item(discard_question_draft(p, c.id, if_match(c.request)));
         }});
    add_review_routes(
        routes, {"/api/cms/db-questions/:id"}, p,
        [](AuthoringPorts& p, Id id, ReviewAction a, const std::vector<Audio>& spoken) {
            return change_question_status(p, id, a, spoken);
        },
        "questions");
    routes.add(
        {"GET", {"/api/cms/db-questions/:id/words"}, Auth::token, Body::none, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return answer(list_question_words(p, c.id));
         }});
    routes.add(
        {"POST", {"/api/cms/db-questions/:id/words"}, Auth::token, Body::json, [p0 = p](Call& c) {
             AuthoringPorts p = acting_for(p0, c);
             return created_or_found(decoded(add_question_word, p, c.id, c.loose_body()));
         }});
    routes.add({"DELETE",
                {"/api/cms/db-questions/:id/words/:word_id"},
                Auth::token,
                Body::none,
                [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return no_content(unlink_question_word(p, c.id, c.word_id));
                }});
    routes.add({"POST", {"/api/questions/publish"}, Auth::token, Body::json, [p0 = p](Call& c) {
                    AuthoringPorts p = acting_for(p0, c);
                    return answer(decoded(publish_questions, p, c.loose_body()));
                }});
}

}  // namespace ll::http::authoring
