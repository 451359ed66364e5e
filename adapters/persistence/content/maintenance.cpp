// Orphaned link records and missing link tables on SOCI: SqlContentTx's ContentMaintenance
// (core/ports/content/maintenance.hpp); the SQL is db/queries/content_maintenance.sql and its
// dialects' own.
#include <stdexcept>

#include "adapters/persistence/content/sql_content_tx.hpp"
#include "adapters/persistence/migration_ddl.hpp"

namespace ll::sql {
namespace {

bool table_exists(soci::session& s, const DialectSql& d, const std::string& table) {
    Query q(d, query(d.dialect, "content_maintenance.table_exists"));
    q.bind("table", param(table));
    return q.first_int(s).value_or(0) > 0;
}

}  // namespace

// A link table that is missing (see ensure_link_tables) has no orphans: it counts 0.
std::vector<std::pair<std::string, std::int64_t>> SqlContentTx::purge_orphans() {
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (const char* table : kLinkTables) {
        std::int64_t removed = 0;
        if (table_exists(s_, d_, table)) {
            Query q = named(std::string("content_maintenance.purge_") + table);
            removed = q.run(s_);
        }
        out.emplace_back(table, removed);
    }
    Query audios = named("content_maintenance.purge_audios");
    out.emplace_back("audios", audios.run(s_));
    return out;
}

std::int64_t SqlContentTx::purge_object_orphans(Id object_id) {
    Query labels = named("content_maintenance.purge_object_labels");
    labels.bind("object_id", param(object_id));
    Query answers = named("content_maintenance.purge_object_question_words");
    answers.bind("object_id", param(object_id));
    return labels.run(s_) + answers.run(s_);
}

// Missing link tables are built with the migrations' own DDL (migration_ddl.hpp), indexes
// included, inside the caller's transaction.
LinkTableCheck SqlContentTx::ensure_link_tables() {
    LinkTableCheck out;
    for (const char* table : kLinkTables) {
        if (table_exists(s_, d_, table)) {
            out.existing.emplace_back(table);
            continue;
        }
        const std::vector<std::string> ddl = table_ddl(d_.dialect, table);
        if (ddl.empty()) throw std::logic_error(std::string("no migration creates ") + table);
        for (const std::string& statement : ddl) s_ << statement;
        out.created.emplace_back(table);
    }
    return out;
}

}  // namespace ll::sql
