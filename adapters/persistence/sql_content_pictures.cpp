// Categories, pictures and their objects on SOCI.
#include "adapters/persistence/selections_json.hpp"
#include "adapters/persistence/sql_content_tx.hpp"

namespace ll::sql {
namespace {

std::string picture_select(const DialectSql& d) {
    return "SELECT id, status, title, image_path, image_mime, thumbnail_path, phone_path, width, "
           "height, "
           "CASE WHEN objects_created THEN 1 ELSE 0 END, " +
           d.ts_out("objects_created_at") + ", " + d.ts_out("created_at") + ", " +
           d.ts_out("updated_at") + " FROM pictures WHERE 1 = 1";
}

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

std::string object_select(const DialectSql& d) {
    return "SELECT id, picture_id, parent_id, user_notes, " + d.json_out("selections") +
           ", status, " + d.ts_out("created_at") + ", " + d.ts_out("updated_at") +
           " FROM objects WHERE 1 = 1";
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

Category category_of(const soci::row& r) {
    Cells c(r);
    Category out;
    out.id = c.integer();
    out.titel_de = c.text();
    return out;
}

}  // namespace

// ---- categories

std::vector<Category> SqlContentTx::categories() {
    Query q = query();
    q << "SELECT id, titel_de FROM categories ORDER BY id";
    return rows_as<Category>(s_, q, category_of);
}

std::optional<Category> SqlContentTx::category(Id id) {
    Query q = query();
    q << "SELECT id, titel_de FROM categories WHERE id = " << param(id);
    return row_as<Category>(s_, q, category_of);
}

std::optional<Category> SqlContentTx::keep_category(Id id) {
    Query q = query();
    q << "SELECT id, titel_de FROM categories WHERE id = " << param(id) << d_.for_key_share();
    return row_as<Category>(s_, q, category_of);
}

// The id is drawn first (sql_ids.hpp): categories are deleted since migration 0010, and
// SQLite's max + 1 would hand a deleted one's id out again. The title is looked up first: in
// PostgreSQL an INSERT that ends in DO NOTHING still uses up an identity value. ON CONFLICT
// settles a concurrent insert of the same title.
std::optional<Category> SqlContentTx::insert_category(const std::string& titel_de) {
    Query taken = query();
    taken << "SELECT COUNT(*) FROM categories WHERE titel_de = " << param(titel_de);
    if (taken.first_int(s_).value_or(0) > 0) return std::nullopt;
    const Id id = new_id(IdSequence::categories);
    Query q = query();
    q << "INSERT INTO categories (id, titel_de) VALUES (" << param(id) << ", " << param(titel_de)
      << ") ON CONFLICT (titel_de) DO NOTHING RETURNING id";
    if (!q.first_int(s_)) return std::nullopt;
    return Category{id, titel_de};
}

// The name is looked up first; the unique key settles a concurrent rename to the same name.
bool SqlContentTx::rename_category(Id id, const std::string& titel_de) {
    Query taken = query();
    taken << "SELECT COUNT(*) FROM categories WHERE titel_de = " << param(titel_de) << " AND id <> "
          << param(id);
    if (taken.first_int(s_).value_or(0) > 0) return false;
    Query q = query();
    q << "UPDATE categories SET titel_de = " << param(titel_de) << " WHERE id = " << param(id);
    return run_unless_taken(q).has_value();
}

std::vector<Id> SqlContentTx::category_pairs(Id id) {
    Query q = query();
    q << "SELECT pair_id FROM pair_categories WHERE category_id = " << param(id)
      << " ORDER BY pair_id";
    return rows_as<Id>(s_, q, [](const soci::row& r) { return as_int(r, 0); });
}

// Every row naming the category, explicitly: the foreign keys cascade, but the statement says
// what goes.
void SqlContentTx::delete_category(Id id) {
    run_for("DELETE FROM word_categories WHERE category_id = ", id);
    run_for("DELETE FROM pair_categories WHERE category_id = ", id);
    run_for("DELETE FROM user_category_stats WHERE category_id = ", id);
    run_for("DELETE FROM categories WHERE id = ", id);
}

// ---- pictures

Picture SqlContentTx::insert_picture(const Picture& picture) {
    Picture stored = picture;
    stored.id = new_id(IdSequence::pictures);
    Query q = query();
    q << "INSERT INTO pictures (id, status, title, image_path, image_mime, thumbnail_path, "
         "phone_path, width, height, objects_created, objects_created_at, created_at, "
         "updated_at) VALUES ("
      << param(stored.id) << ", " << param(stored.status) << ", " << param(stored.title) << ", "
      << param(stored.image_path) << ", " << param(stored.image_mime) << ", "
      << param(stored.thumbnail_path) << ", " << param(stored.phone_path) << ", "
      << param(stored.width) << ", " << param(stored.height) << ", "
      << param(stored.objects_created) << ", " << ts(stored.objects_created_at) << ", "
      << ts(stored.created_at) << ", " << ts(stored.updated_at) << ")";
    q.run(s_);
    return stored;
}

std::optional<Picture> SqlContentTx::picture(Id id) {
    Query q = query();
    q << picture_select(d_) << " AND id = " << param(id);
    return row_as<Picture>(s_, q, picture_of);
}

void SqlContentTx::update_picture(const Picture& picture) {
    Query q = query();
    q << "UPDATE pictures SET status = " << param(picture.status)
      << ", title = " << param(picture.title) << ", image_path = " << param(picture.image_path)
      << ", image_mime = " << param(picture.image_mime)
      << ", thumbnail_path = " << param(picture.thumbnail_path)
      << ", phone_path = " << param(picture.phone_path) << ", width = " << param(picture.width)
      << ", height = " << param(picture.height)
      << ", objects_created = " << param(picture.objects_created)
      << ", objects_created_at = " << ts(picture.objects_created_at)
      << ", updated_at = " << ts(picture.updated_at) << " WHERE id = " << param(picture.id);
    q.run(s_);
}

std::vector<Picture> SqlContentTx::pictures(const PictureFilter& filter, const Page& page) {
    Query q = query();
    q << picture_select(d_);
    if (filter.objects_created) q << " AND objects_created = " << param(*filter.objects_created);
    if (filter.status) q << " AND status = " << param(*filter.status);
    if (filter.title_contains) {
        // ASCII letters only on both dialects (SQLite's lower() folds no others), so both
        // answer alike; the needle comes lower-cased (core/ports/content/pictures.hpp).
        q << (d_.pg() ? " AND strpos(translate(title, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', "
                        "'abcdefghijklmnopqrstuvwxyz'), "
                      : " AND instr(lower(title), ")
          << param(*filter.title_contains) << ") > 0";
    }
    page_tail(q, page);
    return rows_as<Picture>(s_, q, picture_of);
}

// The picture's objects go as delete_object does it, all at once; its pairs stay.
void SqlContentTx::delete_picture(Id id) {
    for (const char* head : {"DELETE FROM object_words WHERE object_id IN ",
                             "UPDATE objects SET parent_id = NULL WHERE parent_id IN ",
                             "UPDATE questions SET object_id = NULL WHERE object_id IN ",
                             "UPDATE pairs SET object_id = NULL WHERE object_id IN "}) {
        Query q = query();
        q << head << "(SELECT id FROM objects WHERE picture_id = " << param(id) << ")";
        q.run(s_);
    }
    run_for("DELETE FROM objects WHERE picture_id = ", id);
    run_for("DELETE FROM picture_words WHERE picture_id = ", id);
    run_for("UPDATE pairs SET picture_id = NULL WHERE picture_id = ", id);
    run_for("DELETE FROM pictures WHERE id = ", id);
}

// ---- objects

ContentObject SqlContentTx::insert_object(const ContentObject& object) {
    ContentObject stored = object;
    stored.id = new_id(IdSequence::objects);
    Query q = query();
    q << "INSERT INTO objects (id, picture_id, parent_id, user_notes, selections, status, "
         "created_at, updated_at) VALUES ("
      << param(stored.id) << ", " << param(stored.picture_id) << ", " << param(stored.parent_id)
      << ", " << param(stored.user_notes) << ", " << json(encode_selections(stored.selections))
      << ", " << param(stored.status) << ", " << ts(stored.created_at) << ", "
      << ts(stored.updated_at) << ")";
    q.run(s_);
    return stored;
}

std::optional<ContentObject> SqlContentTx::object(Id id) {
    Query q = query();
    q << object_select(d_) << " AND id = " << param(id);
    return row_as<ContentObject>(s_, q, object_of);
}

bool SqlContentTx::lock_object(Id id) {
    Query q = query();
    q << "SELECT id FROM objects WHERE id = " << param(id) << d_.for_update();
    return q.first_int(s_).has_value();
}

bool SqlContentTx::lock_item(ItemKind kind, Id id) {
    // The table of each ItemKind, in the order the enum declares them.
    static constexpr const char* kTables[] = {"pictures",  "objects", "words",     "statements",
                                              "questions", "pairs",   "categories"};
    Query q = query();
    q << "SELECT id FROM " << kTables[static_cast<std::size_t>(kind)] << " WHERE id = " << param(id)
      << d_.for_update();
    return q.first_int(s_).has_value();
}

void SqlContentTx::update_object(const ContentObject& object) {
    Query q = query();
    q << "UPDATE objects SET picture_id = " << param(object.picture_id)
      << ", parent_id = " << param(object.parent_id)
      << ", user_notes = " << param(object.user_notes)
      << ", selections = " << json(encode_selections(object.selections))
      << ", status = " << param(object.status) << ", updated_at = " << ts(object.updated_at)
      << " WHERE id = " << param(object.id);
    q.run(s_);
}

std::vector<ContentObject> SqlContentTx::objects(const ObjectFilter& filter, const Page& page) {
    Query q = query();
    q << object_select(d_);
    if (filter.picture_id) q << " AND picture_id = " << param(*filter.picture_id);
    if (filter.status) q << " AND status = " << param(*filter.status);
    page_tail(q, page);
    return rows_as<ContentObject>(s_, q, object_of);
}

void SqlContentTx::delete_object(Id id) {
    run_for("DELETE FROM object_words WHERE object_id = ", id);
    run_for("UPDATE objects SET parent_id = NULL WHERE parent_id = ", id);
    run_for("UPDATE questions SET object_id = NULL WHERE object_id = ", id);
    run_for("UPDATE pairs SET object_id = NULL WHERE object_id = ", id);
    run_for("DELETE FROM objects WHERE id = ", id);
}

}  // namespace ll::sql
