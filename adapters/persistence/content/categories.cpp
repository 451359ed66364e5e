// Categories on SOCI: SqlContentTx's CategoryRows (core/ports/content/categories.hpp); the
// statements are db/queries/content_categories.sql, and keep_category each dialect's own
// (db/queries/{postgresql,sqlite}/content_locks.sql).
#include "adapters/persistence/content/sql_content_tx.hpp"

namespace ll::sql {
namespace {

Category category_of(const soci::row& r) {
    Cells c(r);
    return read_category(c);
}

}  // namespace

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

}  // namespace ll::sql
