// Pairs on SOCI: SqlContentTx's PairRows (core/ports/content/pairs.hpp), with their
// pair_categories and the learners' figures that follow a pair; the statements are
// db/queries/content_pairs.sql, content_pair_stats.sql, and each dialect's
// content_locks.add_pair_categories.
#include <set>

#include "adapters/persistence/content/sql_content_tx.hpp"
#include "core/domain/booking.hpp"

namespace ll::sql {

Pair pair_of(const soci::row& r) {
    Cells c(r);
    Pair p;
    p.id = c.integer();
    p.picture_id = c.opt_integer();
    p.object_id = c.opt_integer();
    p.statement_id = c.opt_integer();
    p.question_id = c.opt_integer();
    p.answer_type = c.text();
    p.level = c.small();
    p.status = c.text();
    p.created_at = c.timestamp();
    p.updated_at = c.timestamp();
    p.revised_at = c.opt_timestamp();
    return p;
}
namespace {

void bind_pair(Query& q, const Pair& p) {
    q.bind("id", param(p.id))
        .bind("picture_id", param(p.picture_id))
        .bind("object_id", param(p.object_id))
        .bind("statement_id", param(p.statement_id))
        .bind("question_id", param(p.question_id))
        .bind("answer_type", param(p.answer_type))
        .bind("level", param(p.level))
        .bind("status", param(p.status))
        .bind("updated_at", ts(p.updated_at))
        .bind("revised_at", ts(p.revised_at));
}

// The progress row of the updated user for this pair, as a correlated subquery.
std::string progress_of(const char* column, const char* user_column) {
    return std::string("(SELECT u.") + column +
           " FROM user_pair_progress u WHERE u.user_id = " + user_column + " AND u.pair_id = ";
}

// Binds the statement's :pair_id, :pair_id_2, ... :pair_id_<count> (a name stands once in a
// statement).
void bind_pair_ids(Query& q, Id pair_id, int count) {
    q.bind("pair_id", param(pair_id));
    for (int i = 2; i <= count; ++i) q.bind("pair_id_" + std::to_string(i), param(pair_id));
}

}  // namespace

Pair SqlContentTx::insert_pair(const Pair& pair) {
    Pair stored = pair;
    stored.id = new_id(IdSequence::pairs);
    Query q = named("content_pairs.insert");
    bind_pair(q, stored);
    q.bind("created_at", ts(stored.created_at)).run(s_);
    return stored;
}

std::optional<Pair> SqlContentTx::pair(Id id) {
    Query q = named("content_pairs.find");
    q.bind("id", param(id));
    return row_as<Pair>(s_, q, pair_of);
}

void SqlContentTx::update_pair(const Pair& pair) {
    Query q = named("content_pairs.update");
    bind_pair(q, pair);
    q.run(s_);
}

std::vector<Pair> SqlContentTx::pairs(const PairFilter& filter, const Page& page) {
    Query q = named("content_pairs.list");
    bind_filter(q, "picture_id", filter.picture_id);
    bind_filter(q, "object_id", filter.object_id);
    bind_filter(q, "statement_id", filter.statement_id);
    bind_filter(q, "question_id", filter.question_id);
    bind_filter(q, "status", filter.status);
    bind_page(q, page);
    return rows_as<Pair>(s_, q, pair_of);
}

// Put together here, with only the filters given: it asks whether an item is still used by a
// pair (in every pair update and delete, drop_if_unused), by the pairs' sparse foreign keys.
// SQLite plans a statement once for any values, so a static text's `(:statement_id_given = 0 OR
// statement_id = :statement_id)` would scan every pair (EXPLAIN QUERY PLAN) where this searches
// their index; a list at least walks the primary key from its cursor.
std::int64_t SqlContentTx::count_pairs(const PairFilter& filter) {
    Query q = query();
    q << "SELECT COUNT(*) FROM pairs WHERE 1 = 1";
    if (filter.picture_id) q << " AND picture_id = " << param(*filter.picture_id);
    if (filter.object_id) q << " AND object_id = " << param(*filter.object_id);
    if (filter.statement_id) q << " AND statement_id = " << param(*filter.statement_id);
    if (filter.question_id) q << " AND question_id = " << param(*filter.question_id);
    if (filter.status) q << " AND status = " << param(*filter.status);
    return q.first_int(s_).value_or(0);
}

void SqlContentTx::delete_pair(Id id) {
    run_for("content_pairs.delete_category_links", id);
    run_for("content_pairs.delete", id);
}

std::vector<Category> SqlContentTx::pair_categories(Id pair_id) {
    Query q = named("content_pairs.categories");
    q.bind("pair_id", param(pair_id));
    return rows_as<Category>(s_, q, [](const soci::row& r) {
        Cells c(r);
        return read_category(c);
    });
}

// Only categories that exist are linked (content_locks.add_pair_categories); an unknown pair
// gets nothing.
void SqlContentTx::set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) {
    if (!pair(pair_id)) return;
    run_for("content_pairs.delete_category_links", pair_id);
    const std::set<Id> unique(category_ids.begin(), category_ids.end());
    if (!unique.empty()) {
        Query q = named("content_locks.add_pair_categories");
        q.bind("pair_id", param(pair_id)).bind_list("category_ids", unique).run(s_);
    }
}

// The running totals of GET /auth/stats (migration 0004) are kept by the booking; when staff
// change what a pair counts for, the authoring use case withdraws and restores them around the
// change (ContentTx::withdraw_pair_statistics, core/ports/content_store.hpp) and these
// statements move the figures of every learner who practised the pair, in the same
// transaction, so the totals always equal the sums over the current pairs, categories and
// answer types (what docs/spec/service.md defines). The withdrawal first raises those learners'
// profile version (db/queries/content_pair_stats.sql says why).
void SqlContentTx::move_category_stats(Id pair_id, int sign) {
    Query q = named(sign < 0 ? "content_pair_stats.withdraw_categories"
                             : "content_pair_stats.restore_categories");
    bind_pair_ids(q, pair_id, sign < 0 ? 4 : 1);
    q.run(s_);
}

// Put together here: the columns are the answer type's (word_seen, word_correct, ...), one of
// kCountedAnswerTypes (core/domain/booking.hpp); written out, both directions would be eight
// statements.
void SqlContentTx::move_answer_type_stats(Id pair_id, const std::string& answer_type, int sign) {
    // The per-answer-type columns of users_public; other types have none.
    if (!answer_type_counted(answer_type)) return;
    const std::string& prefix = answer_type;
    const char* op = sign < 0 ? " - " : " + ";
    Query q = query();
    q << "UPDATE users_public SET " << prefix << "_seen = " << prefix << "_seen" << op
      << progress_of("seen_count", "users_public.user_id") << param(pair_id) << "), " << prefix
      << "_correct = " << prefix << "_correct" << op
      << progress_of("correct_count", "users_public.user_id") << param(pair_id)
      << ") WHERE user_id IN (SELECT user_id FROM user_pair_progress WHERE pair_id = "
      << param(pair_id) << ")";
    q.run(s_);
}

void SqlContentTx::withdraw_pair_statistics(Id pair_id, PairStatistics what) {
    move_pair_statistics(pair_id, what, -1);
}

void SqlContentTx::restore_pair_statistics(Id pair_id, PairStatistics what) {
    move_pair_statistics(pair_id, what, +1);
}

void SqlContentTx::move_pair_statistics(Id pair_id, PairStatistics what, int sign) {
    const auto stored = pair(pair_id);
    if (!stored) return;
    if (sign < 0) {
        Query bump = named("content_pair_stats.bump_versions");
        bind_pair_ids(bump, pair_id, 1);
        bump.run(s_);
    }
    if (what != PairStatistics::answer_type) move_category_stats(pair_id, sign);
    if (what != PairStatistics::categories)
        move_answer_type_stats(pair_id, stored->answer_type, sign);
    if (what != PairStatistics::all) return;
    Query q = named(sign < 0 ? "content_pair_stats.withdraw_totals"
                             : "content_pair_stats.restore_totals");
    bind_pair_ids(q, pair_id, 3);
    q.run(s_);
}

}  // namespace ll::sql
