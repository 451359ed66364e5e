#pragma once
// One recorded change of content: who changed which item when, and the fields that changed, as
// they were and as they became (docs/authoring-guide.md "History"). The core records every
// insert, update and delete of a picture, object, word, statement, question or pair, and of a
// text's draft, in the transaction that makes it (core/app/authoring/recording_tx.hpp).
#include <optional>
#include <string>
#include <utility>

#include "core/domain/content.hpp"
#include "core/domain/loose_value.hpp"

namespace ll {

namespace change_action {
inline constexpr const char* kCreate = "create";
inline constexpr const char* kUpdate = "update";
inline constexpr const char* kDelete = "delete";
}  // namespace change_action

struct ContentChange {
    Id id = 0;
    std::string item;  // the item's table: pictures, objects, words, statements, questions, pairs
    Id item_id = 0;
    std::string action;           // create, update, delete
    std::optional<Id> editor_id;  // the staff account; none for the system (seeds, dev tokens)
    Timestamp at{};
    std::optional<Id> picture_id;  // the picture the item belongs to, where it has one
    // Objects of the fields that changed: on create only `after` (every field), on delete only
    // `before`; a field's value is a string, an integer, a boolean, null or a nested object.
    LooseValue before;
    LooseValue after;
};

// The item's fields an editor sets, as recorded (ids, status, texts, levels; not timestamps, not
// derived values such as renditions' paths or revised_at).
LooseValue snapshot(const Picture& picture);
LooseValue snapshot(const ContentObject& object);
LooseValue snapshot(const Word& word);
LooseValue snapshot(const Statement& statement);
LooseValue snapshot(const Question& question);
LooseValue snapshot(const Pair& pair);

// Equal values: same kind and the same content, objects member by member in order.
bool same_value(const LooseValue& a, const LooseValue& b);

// The members of two snapshots that differ, as (before, after) objects of those members only;
// both empty objects when nothing differs.
std::pair<LooseValue, LooseValue> changed_members(const LooseValue& before,
                                                  const LooseValue& after);

}  // namespace ll
