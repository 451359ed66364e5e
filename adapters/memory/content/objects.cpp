// Objects in memory: MemoryContentTx's ObjectRows (core/ports/content/objects.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"

namespace ll {

ContentObject MemoryContentTx::insert_object(const ContentObject& object) {
    ContentTables& t = rw();
    ContentObject stored = object;
    stored.id = t.next.objects++;
    t.objects[stored.id] = stored;
    return stored;
}

std::optional<ContentObject> MemoryContentTx::object(Id id) {
    return find_row(t_.objects, id);
}

// Every transaction holds the backend's one mutex: the object is locked already.
bool MemoryContentTx::lock_object(Id id) {
    return t_.objects.count(id) > 0;
}

void MemoryContentTx::update_object(const ContentObject& object) {
    const auto it = rw().objects.find(object.id);
    if (it == t_.objects.end()) return;
    const Timestamp created_at = it->second.created_at;
    it->second = object;
    it->second.created_at = created_at;
}

std::vector<ContentObject> MemoryContentTx::objects(const ObjectFilter& filter, const Page& page) {
    return page_of(t_.objects, page, [&](const ContentObject& o) {
        return matches(filter.picture_id, o.picture_id) && matches(filter.status, o.status);
    });
}

void MemoryContentTx::delete_object(Id id) {
    ContentTables& t = rw();
    if (!t.objects.erase(id)) return;
    erase_rows(t.object_words, [&](const auto& row) { return row.second.object_id == id; });
    for (auto& [object_id, object] : t.objects) {
        if (object.parent_id == id) object.parent_id.reset();
    }
    for (auto& [question_id, question] : t.questions) {
        if (question.object_id == id) question.object_id.reset();
    }
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.object_id == id) pair.object_id.reset();
    }
}

}  // namespace ll
