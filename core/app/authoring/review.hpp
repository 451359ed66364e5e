#pragma once
// review / publish / unpublish of objects, statements and questions (docs/spec/authoring.md "State
// machines"); pairs have their own (publishing recomputes their categories).
#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/domain/content_states.hpp"

namespace ll {

Result<ContentObject> change_object_status(AuthoringPorts& ports, Id id, ReviewAction action);
Result<Statement> change_statement_status(AuthoringPorts& ports, Id id, ReviewAction action);
Result<Question> change_question_status(AuthoringPorts& ports, Id id, ReviewAction action);

// The shared shape: load, move the status by the state machine, stamp, store; `Rows` is the
// aggregate that holds T.
template <typename T, typename Rows, typename Load, typename Store>
Result<T> change_status(AuthoringPorts& ports, std::string_view kind, ReviewAction action,
                        Load&& load, Store&& store) {
    return write<T>(ports.content, [&](Rows& rows) -> Result<T> {
        auto item = load(rows);
        if (!item) return errors::not_found();
        auto next = next_review_status(kind, item->status, action);
        if (!next) return next.error();
        item->status = next.value();
        item->updated_at = ports.clock.now();
        store(rows, *item);
        return std::move(*item);
    });
}

}  // namespace ll
