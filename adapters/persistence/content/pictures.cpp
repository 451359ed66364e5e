// Pictures on SOCI: SqlContentTx's PictureRows (core/ports/content/pictures.hpp); the statements
// are db/queries/content_pictures.sql and its dialects' own.
#include "adapters/persistence/content/sql_content_tx.hpp"

namespace ll::sql {
namespace {

Picture picture_of(const soci::row& r) {
    Cells c(r);
    Picture p;
    p.id = c.integer();
    p.status = c.text();
    p.title = c.opt_text();
    p.image_path = c.opt_text();
    p.image_mime = c.opt_text();
    p.thumbnail_path = c.opt_text();
    p.phone_path = c.opt_text();
    p.width = c.opt_small();
    p.height = c.opt_small();
    p.objects_created = c.boolean();
    p.objects_created_at = c.opt_timestamp();
    p.created_at = c.timestamp();
    p.updated_at = c.timestamp();
    return p;
}

// The columns insert and update write, bound by their names.
void bind_picture(Query& q, const Picture& p) {
    q.bind("id", param(p.id))
        .bind("status", param(p.status))
        .bind("title", param(p.title))
        .bind("image_path", param(p.image_path))
        .bind("image_mime", param(p.image_mime))
        .bind("thumbnail_path", param(p.thumbnail_path))
        .bind("phone_path", param(p.phone_path))
        .bind("width", param(p.width))
        .bind("height", param(p.height))
        .bind("objects_created", param(p.objects_created))
        .bind("objects_created_at", ts(p.objects_created_at))
        .bind("updated_at", ts(p.updated_at));
}

}  // namespace

Picture SqlContentTx::insert_picture(const Picture& picture) {
    Picture stored = picture;
    stored.id = new_id(IdSequence::pictures);
    Query q = named("content_pictures.insert");
    bind_picture(q, stored);
    q.bind("created_at", ts(stored.created_at)).run(s_);
    return stored;
}

std::optional<Picture> SqlContentTx::picture(Id id) {
    Query q = named("content_pictures.find");
    q.bind("id", param(id));
    return row_as<Picture>(s_, q, picture_of);
}

void SqlContentTx::update_picture(const Picture& picture) {
    Query q = named("content_pictures.update");
    bind_picture(q, picture);
    q.run(s_);
}

// The title needle comes lower-cased (core/ports/content/pictures.hpp).
std::vector<Picture> SqlContentTx::pictures(const PictureFilter& filter, const Page& page) {
    Query q = named("content_pictures.list");
    bind_filter(q, "objects_created", filter.objects_created);
    bind_filter(q, "status", filter.status);
    bind_filter(q, "title_contains", filter.title_contains);
    bind_page(q, page);
    return rows_as<Picture>(s_, q, picture_of);
}

void SqlContentTx::delete_picture(Id id) {
    for (const char* name :
         {"content_pictures.delete_object_word_links", "content_pictures.unparent_objects",
          "content_pictures.unlink_object_questions", "content_pictures.unlink_object_pairs",
          "content_pictures.delete_objects", "content_pictures.delete_word_links",
          "content_pictures.unlink_pairs", "content_pictures.delete"})
        run_for(name, id);
}

}  // namespace ll::sql
