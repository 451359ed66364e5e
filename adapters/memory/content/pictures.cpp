// Pictures in memory: MemoryContentTx's PictureRows (core/ports/content/pictures.hpp).
#include "adapters/memory/content/memory_content_tx.hpp"
#include "core/domain/rules.hpp"

namespace ll {

Picture MemoryContentTx::insert_picture(const Picture& picture) {
    ContentTables& t = rw();
    Picture stored = picture;
    stored.id = t.next.pictures++;
    t.pictures[stored.id] = stored;
    return stored;
}

std::optional<Picture> MemoryContentTx::picture(Id id) {
    return find_row(t_.pictures, id);
}

void MemoryContentTx::update_picture(const Picture& picture) {
    const auto it = rw().pictures.find(picture.id);
    if (it == t_.pictures.end()) return;
    const Timestamp created_at = it->second.created_at;
    it->second = picture;
    it->second.created_at = created_at;
}

std::vector<Picture> MemoryContentTx::pictures(const PictureFilter& filter, const Page& page) {
    return page_of(t_.pictures, page, [&](const Picture& p) {
        return matches(filter.objects_created, p.objects_created) &&
               matches(filter.status, p.status) &&
               (!filter.title_contains ||
                ascii_lower(p.title.value_or("")).find(*filter.title_contains) !=
                    std::string::npos);
    });
}

void MemoryContentTx::delete_picture(Id id) {
    ContentTables& t = rw();
    if (!t.pictures.count(id)) return;
    std::vector<Id> objects;
    for (const auto& [object_id, object] : t.objects) {
        if (object.picture_id == id) objects.push_back(object_id);
    }
    for (Id object_id : objects) delete_object(object_id);
    erase_rows(t.picture_words, [&](const auto& row) { return row.second.picture_id == id; });
    for (auto& [pair_id, pair] : t.pairs) {
        if (pair.picture_id == id) pair.picture_id.reset();
    }
    t.pictures.erase(id);
}

}  // namespace ll
