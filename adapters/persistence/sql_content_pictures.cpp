// Categories, pictures and their objects on SOCI.
#include "adapters/persistence/selections_json.hpp"
#include "adapters/persistence/sql_content_tx.hpp"

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

Category category_of(const soci::row& r) {
    Cells c(r);
    return read_category(c);
}

// The table of each ItemKind, in the order the enum declares them: its statement in
// content_locks.sql.
constexpr std::string_view kLockOf[] = {"content_locks.pictures",  "content_locks.objects",
                                        "content_locks.words",     "content_locks.statements",
                                        "content_locks.questions", "content_locks.pairs",
                                        "content_locks.categories"};

}  // namespace

// ---- categories

Category read_category(Cells& c) {
    Category out;
    out.id = c.integer();
    out.titel_de = c.text();
    out.titel_en = c.opt_text();
    out.titel_sv = c.opt_text();
    return out;
}

std::vector<Category> SqlContentTx::categories() {
    Query q = named("content_categories.list");
    return rows_as<Category>(s_, q, category_of);
}

std::optional<Category> SqlContentTx::category(Id id) {
    Query q = named("content_categories.find");
    q.bind("id", param(id));
    return row_as<Category>(s_, q, category_of);
}

std::optional<Category> SqlContentTx::keep_category(Id id) {
    Query q = named("content_locks.keep_category");
    q.bind("id", param(id));
    return row_as<Category>(s_, q, category_of);
}

// The title is looked up first, then the id drawn (db/queries/content_categories.sql says why).
std::optional<Category> SqlContentTx::insert_category(const std::string& titel_de) {
    Query taken = named("content_categories.title_taken");
    taken.bind("titel_de", param(titel_de));
    if (taken.first_int(s_).value_or(0) > 0) return std::nullopt;
    const Id id = new_id(IdSequence::categories);
    Query q = named("content_categories.insert");
    q.bind("id", param(id)).bind("titel_de", param(titel_de));
    if (!q.first_int(s_)) return std::nullopt;
    return Category{id, titel_de};
}

// The name is looked up first; the unique key settles a concurrent rename to the same name.
bool SqlContentTx::rename_category(Id id, const std::string& titel_de) {
    Query taken = named("content_categories.title_taken_by_other");
    taken.bind("titel_de", param(titel_de)).bind("id", param(id));
    if (taken.first_int(s_).value_or(0) > 0) return false;
    Query q = named("content_categories.rename");
    q.bind("titel_de", param(titel_de)).bind("id", param(id));
    return run_unless_taken(q).has_value();
}

void SqlContentTx::set_category_titles(Id id, const fields::Change<std::string>& titel_en,
                                       const fields::Change<std::string>& titel_sv) {
    Query q = named("content_categories.set_titles");
    q.bind("en_given", param(titel_en.present ? 1 : 0))
        .bind("titel_en", param(titel_en.value))
        .bind("sv_given", param(titel_sv.present ? 1 : 0))
        .bind("titel_sv", param(titel_sv.value))
        .bind("id", param(id));
    q.run(s_);
}

std::vector<Id> SqlContentTx::category_pairs(Id id) {
    Query q = named("content_categories.pairs");
    q.bind("id", param(id));
    return rows_as<Id>(s_, q, [](const soci::row& r) { return as_int(r, 0); });
}

void SqlContentTx::delete_category(Id id) {
    for (const char* name :
         {"content_categories.delete_word_links", "content_categories.delete_pair_links",
          "content_categories.delete_stats", "content_categories.delete"})
        run_for(name, id);
}

// ---- pictures

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

// ---- objects

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

bool SqlContentTx::lock_item(ItemKind kind, Id id) {
    Query q = named(kLockOf[static_cast<std::size_t>(kind)]);
    q.bind("id", param(id));
    return q.first_int(s_).has_value();
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
