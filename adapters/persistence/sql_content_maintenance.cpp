// Orphaned link records and missing link tables on SOCI.
#include <stdexcept>

#include "adapters/persistence/migration_ddl.hpp"
#include "adapters/persistence/sql_content_tx.hpp"

namespace ll::sql {
namespace {

// The two ends of a link table. Only these names enter SQL text.
struct LinkEnds {
    const char* table;
    const char* column_a;
    const char* table_a;
    const char* column_b;
    const char* table_b;
};

// `NOT EXISTS (SELECT 1 FROM <target> e WHERE e.id = <table>.<column>)`
std::string missing(const std::string& target, const std::string& table,
                    const std::string& column) {
    return "NOT EXISTS (SELECT 1 FROM " + target + " e WHERE e.id = " + table + "." + column + ")";
}

bool table_exists(soci::session& s, const DialectSql& d, const std::string& table) {
    Query q(d);
    if (d.pg()) {
        q << "SELECT CASE WHEN to_regclass(" << param(table) << ") IS NULL THEN 0 ELSE 1 END";
    } else {
        q << "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = " << param(table);
    }
    return q.first_int(s).value_or(0) > 0;
}

}  // namespace

// A link table that is missing (see ensure_link_tables) has no orphans: it counts 0.
std::vector<std::pair<std::string, std::int64_t>> SqlContentTx::purge_orphans() {
    std::vector<std::pair<std::string, std::int64_t>> out;
    const auto purge = [&](const LinkEnds& link) {
        std::int64_t removed = 0;
        if (table_exists(s_, d_, link.table)) {
            Query q = query();
            q << "DELETE FROM " << link.table << " WHERE "
              << missing(link.table_a, link.table, link.column_a) << " OR "
              << missing(link.table_b, link.table, link.column_b);
            removed = q.run(s_);
        }
        out.emplace_back(link.table, removed);
    };
    // In kLinkTables order.
    purge({"word_categories", "word_id", "words", "category_id", "categories"});
    for_each_word_link_table([&](const auto& links) {
        purge({links.table, links.owner_column, links.owner_table, "word_id", "words"});
    });
    purge({"pair_categories", "pair_id", "pairs", "category_id", "categories"});
    Query q = query();
    q << "DELETE FROM audios WHERE ";
    bool first = true;
    for (const char* source : {"statements", "questions", "words"}) {
        q << (first ? "" : " OR ") << "(source_table = " << param(source) << " AND "
          << missing(source, "audios", "source_id") << ")";
        first = false;
    }
    out.emplace_back("audios", q.run(s_));
    return out;
}

std::int64_t SqlContentTx::purge_object_orphans(Id object_id) {
    Query labels = query();
    labels << "DELETE FROM object_words WHERE object_id = " << param(object_id) << " AND "
           << missing("words", "object_words", "word_id");
    Query answers = query();
    answers << "DELETE FROM question_words WHERE question_id IN "
               "(SELECT id FROM questions WHERE object_id = "
            << param(object_id) << ") AND " << missing("words", "question_words", "word_id");
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
