// The running totals of GET /auth/stats (migration 0004) are kept by the booking; when staff
// change what a pair counts for, the authoring use case withdraws and restores them around the
// change (ContentTx::withdraw_pair_statistics, core/ports/content_store.hpp) and these
// statements move the figures of every learner who practised the pair, in the same
// transaction, so the totals always equal the sums over the current pairs, categories and
// answer types (what docs/spec/service.md defines). The withdrawal first raises those learners'
// profile version (db/queries/content_pair_stats.sql says why).
#include "adapters/persistence/sql_content_tx.hpp"
#include "core/domain/booking.hpp"

namespace ll::sql {
namespace {

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
