// Objects on SOCI: SqlContentTx's ObjectRows (core/ports/content/objects.hpp); the statements are
// db/queries/content_objects.sql.
#include "adapters/persistence/content/sql_content_tx.hpp"
#include "adapters/persistence/selections_json.hpp"

namespace ll::sql {
namespace {

ContentObject object_of(const soci::row& r) {
    Cells c(r);
    ContentObject o;
    o.id = c.integer();
    o.picture_id = c.integer();
    o.parent_id = c.opt_integer();
    o.user_notes = c.opt_text();
    o.selections = decode_selections(c.text());
    o.status = c.text();
    o.created_at = c.timestamp();
    o.updated_at = c.timestamp();
    return o;
}

void bind_object(Query& q, const ContentObject& o) {
    q.bind("id", param(o.id))
        .bind("picture_id", param(o.picture_id))
        .bind("parent_id", param(o.parent_id))
        .bind("user_notes", param(o.user_notes))
        .bind("selections", param(encode_selections(o.selections)))
        .bind("status", param(o.status))
        .bind("updated_at", ts(o.updated_at));
}

}  // namespace

ContentObject SqlContentTx::insert_object(const ContentObject& object) {
    ContentObject stored = object;
    stored.id = new_id(IdSequence::objects);
    Query q = named("content_objects.insert");
    bind_object(q, stored);
    q.bind("created_at", ts(stored.created_at)).run(s_);
    return stored;
}

std::optional<ContentObject> SqlContentTx::object(Id id) {
    Query q = named("content_objects.find");
    q.bind("id", param(id));
    return row_as<ContentObject>(s_, q, object_of);
}

bool SqlContentTx::lock_object(Id id) {
    return lock_item(ItemKind::object, id);
}

void SqlContentTx::update_object(const ContentObject& object) {
    Query q = named("content_objects.update");
    bind_object(q, object);
    q.run(s_);
}

std::vector<ContentObject> SqlContentTx::objects(const ObjectFilter& filter, const Page& page) {
    Query q = named("content_objects.list");
    bind_filter(q, "picture_id", filter.picture_id);
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return rows_as<ContentObject>(s_, q, object_of);
}

void SqlContentTx::delete_object(Id id) {
    for (const char* name :
         {"content_objects.delete_word_links", "content_objects.unparent_children",
          "content_objects.unlink_questions", "content_objects.unlink_pairs",
          "content_objects.delete"})
        run_for(name, id);
}

}  // namespace ll::sql
