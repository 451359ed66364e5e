#pragma once
// review / publish / unpublish of objects, statements and questions (docs/spec/authoring.md "State
// machines"); pairs have their own (publishing recomputes their categories).
#include <optional>
#include <vector>

#include "core/app/authoring/authoring_ports.hpp"
#include "core/app/authoring/stale_audio.hpp"
#include "core/app/authoring/unit_of_work.hpp"
#include "core/domain/content_states.hpp"

namespace ll {

Result<ContentObject> change_object_status(AuthoringPorts& ports, Id id, ReviewAction action);
// A statement or question with a draft (core/domain/text_drafts.hpp): review and publish move
// its draft, unpublish folds it in. `spoken`: audio made for make_audio=true (audio.hpp
// speak_stale_audio), written on publish where it speaks the texts published.
Result<Statement> change_statement_status(AuthoringPorts& ports, Id id, ReviewAction action,
                                          const std::vector<Audio>& spoken = {});
Result<Question> change_question_status(AuthoringPorts& ports, Id id, ReviewAction action,
                                        const std::vector<Audio>& spoken = {});

// The shared shape, inside the caller's write: move the status of `item` (none: 404) by the state
// machine, stamp, store. `refuse_publish(item)`: what stands in the way of publishing it, if
// anything (a statement's or question's stale audio: stale_audio.hpp).
template <typename T, typename Refuse, typename Store>
Result<T> change_status(AuthoringPorts& ports, std::string_view kind, ReviewAction action,
                        std::optional<T> item, Refuse&& refuse_publish, Store&& store) {
    if (!item) return errors::not_found();
    auto next = next_review_status(kind, item->status, action);
    if (!next) return next.error();
    if (action == ReviewAction::publish) {
        if (std::optional<Error> refused = refuse_publish(*item)) return *refused;
    }
    item->status = next.value();
    item->updated_at = ports.clock.now();
    store(*item);
    return std::move(*item);
}

}  // namespace ll
