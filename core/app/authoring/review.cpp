#include "core/app/authoring/review.hpp"

namespace ll {

Result<ContentObject> change_object_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return write<ContentObject>(ports.content, [&](ObjectRows& objects) -> Result<ContentObject> {
        return change_status<ContentObject>(
            ports, "object", action, objects.object(id),
            [](const ContentObject&) { return std::optional<Error>(); },
            [&](const ContentObject& o) { objects.update_object(o); });
    });
}

Result<Statement> change_statement_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return write<Statement>(
        ports.content,
        [&](ItemLocks& locks, TextRows& texts, AudioRows& audios) -> Result<Statement> {
            locks.lock_item(ItemKind::statement, id);  // its text is checked, then written
            return change_status<Statement>(
                ports, "statement", action, texts.statement(id),
                [&](const Statement& s) { return stale_audio_refusal(audios, s); },
                [&](const Statement& s) { texts.update_statement(s); });
        });
}

Result<Question> change_question_status(AuthoringPorts& ports, Id id, ReviewAction action) {
    return write<Question>(
        ports.content,
        [&](ItemLocks& locks, TextRows& texts, AudioRows& audios) -> Result<Question> {
            locks.lock_item(ItemKind::question, id);
            return change_status<Question>(
                ports, "question", action, texts.question(id),
                [&](const Question& q) { return stale_audio_refusal(audios, q); },
                [&](const Question& q) { texts.update_question(q); });
        });
}

}  // namespace ll
