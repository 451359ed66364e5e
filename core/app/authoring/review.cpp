#include "core/app/authoring/review.hpp"

namespace ll {

Result<ContentObject> change_object_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return change_status<ContentObject>(
        ports, "object", action, [&](ContentTx& tx) { return tx.object(id); },
        [](ContentTx& tx, const ContentObject& o) { tx.update_object(o); });
}

Result<Statement> change_statement_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return change_status<Statement>(
        ports, "statement", action, [&](ContentTx& tx) { return tx.statement(id); },
        [](ContentTx& tx, const Statement& s) { tx.update_statement(s); });
}

Result<Question> change_question_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return change_status<Question>(
        ports, "question", action, [&](ContentTx& tx) { return tx.question(id); },
        [](ContentTx& tx, const Question& q) { tx.update_question(q); });
}

}  // namespace ll
