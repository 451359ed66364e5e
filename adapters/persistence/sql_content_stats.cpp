// The running totals of GET /auth/stats (migration 0004) are kept by the booking; when staff
// change what a pair counts for, the authoring use case withdraws and restores them around the
// change (ContentTx::withdraw_pair_statistics, core/ports/content_store.hpp) and these
// statements move the figures of every learner who practised the pair, in the same
// transaction, so the totals always equal the sums over the current pairs, categories and
// answer types (what docs/spec/service.md defines). The withdrawal first raises those learners'
// profile version: it locks their profile rows in the order a booking does (profile first, no
// deadlock), and a booking decided on the old figures meanwhile decides again.
#include "adapters/persistence/sql_content_tx.hpp"
#include "core/domain/booking.hpp"

namespace ll::sql {
namespace {

// The progress row of the updated user for this pair, as a correlated subquery.
std::string progress_of(const char* column, const char* user_column) {
    return std::string("(SELECT u.") + column +
           " FROM user_pair_progress u WHERE u.user_id = " + user_column + " AND u.pair_id = ";
}

}  // namespace

void SqlContentTx::move_category_stats(Id pair_id, int sign) {
    if (sign < 0) {
        Query q = query();
        q << "UPDATE user_category_stats SET points = points - "
          << progress_of("earned_points", "user_category_stats.user_id") << param(pair_id)
          << "), seen = seen - " << progress_of("seen_count", "user_category_stats.user_id")
          << param(pair_id)
          << ") WHERE category_id IN (SELECT category_id FROM pair_categories WHERE pair_id = "
          << param(pair_id)
          << ") AND user_id IN (SELECT user_id FROM user_pair_progress WHERE pair_id = "
          << param(pair_id) << ")";
        q.run(s_);
        return;
    }
    Query q = query();
    q << "INSERT INTO user_category_stats (user_id, category_id, points, seen) "
         "SELECT u.user_id, pc.category_id, u.earned_points, u.seen_count "
         "FROM user_pair_progress u JOIN pair_categories pc ON pc.pair_id = u.pair_id "
         "WHERE u.pair_id = "
      << param(pair_id)
      << " ON CONFLICT (user_id, category_id) DO UPDATE SET "
         "points = user_category_stats.points + excluded.points, "
         "seen = user_category_stats.seen + excluded.seen";
    q.run(s_);
}

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
    // Once, at the withdrawal: the rows stay locked until the change and its restore commit.
    if (sign < 0) {
        Query bump = query();
        bump << "UPDATE users_public SET version = version + 1 WHERE user_id IN (SELECT user_id "
                "FROM user_pair_progress WHERE pair_id = "
             << param(pair_id) << ")";
        bump.run(s_);
    }
    if (what != PairStatistics::answer_type) move_category_stats(pair_id, sign);
    if (what != PairStatistics::categories)
        move_answer_type_stats(pair_id, stored->answer_type, sign);
    if (what != PairStatistics::all) return;
    const char* op = sign < 0 ? " - " : " + ";
    Query q = query();
    q << "UPDATE users_public SET pairs_practiced = pairs_practiced" << op
      << "1, total_seen = total_seen" << op << progress_of("seen_count", "users_public.user_id")
      << param(pair_id) << "), total_correct = total_correct" << op
      << progress_of("correct_count", "users_public.user_id") << param(pair_id)
      << ") WHERE user_id IN (SELECT user_id FROM user_pair_progress WHERE pair_id = "
      << param(pair_id) << ")";
    q.run(s_);
}

}  // namespace ll::sql
