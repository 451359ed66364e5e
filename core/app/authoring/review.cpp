#include "core/app/authoring/review.hpp"

namespace ll {

Result<ContentObject> change_object_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return change_status<ContentObject, ObjectRows>(
        ports, "object", action, [&](ObjectRows& objects) { return objects.object(id); },
        [](ObjectRows& objects, const ContentObject& o) { objects.update_object(o); });
}

Result<Statement> change_statement_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return change_status<Statement, TextRows>(
        ports, "statement", action, [&](TextRows& texts) { return texts.statement(id); },
        [](TextRows& texts, const Statement& s) { texts.update_statement(s); });
}

Result<Question> change_question_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return change_status<Question, TextRows>(
        ports, "question", action, [&](TextRows& texts) { return texts.question(id); },
        [](TextRows& texts, const Question& q) { texts.update_question(q); });
}

}  // namespace ll
