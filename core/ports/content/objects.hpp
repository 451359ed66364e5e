#pragma once
// The objects of pictures (db_objects), part of the content unit of work
// (core/ports/content_store.hpp).
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content.hpp"
#include "core/ports/content/page.hpp"

namespace ll {

struct ObjectFilter {
    std::optional<Id> picture_id;
    std::optional<std::string> status;
};

class ObjectRows {
  public:
    virtual ~ObjectRows() = default;

    virtual ContentObject insert_object(const ContentObject& object) = 0;
    virtual std::optional<ContentObject> object(Id id) = 0;
    // Locks the object row until the end of the transaction (PostgreSQL: SELECT ... FOR
    // UPDATE), so concurrent generations for one object run one after the other. false: none.
    virtual bool lock_object(Id id) = 0;
    virtual void update_object(const ContentObject& object) = 0;  // every field but id, created_at
    virtual std::vector<ContentObject> objects(const ObjectFilter& filter, const Page& page) = 0;
    // The object and its object_words. Objects whose parent it was get parent_id null;
    // questions of the object get object_id null; pairs of the object get object_id null.
    virtual void delete_object(Id id) = 0;
};

}  // namespace ll
