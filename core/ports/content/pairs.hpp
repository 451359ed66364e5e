#pragma once
// The pairs (db_pairs) with their categories (pair_categories), and the learners' running
// statistics on a pair, part of the content unit of work (core/ports/content_store.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/content.hpp"
#include "core/ports/content/page.hpp"

namespace ll {

struct PairFilter {
    std::optional<Id> picture_id;
    std::optional<Id> object_id;
    std::optional<Id> statement_id;
    std::optional<Id> question_id;
    std::optional<std::string> status;
};

// Which of the learners' running statistics on a pair: those by its answer type, those by its
// categories, or all of them (pairs practised, seen and correct too: before a delete).
enum class PairStatistics { answer_type, categories, all };

class PairRows {
  public:
    virtual ~PairRows() = default;

    virtual Pair insert_pair(const Pair& pair) = 0;
    virtual std::optional<Pair> pair(Id id) = 0;
    virtual void update_pair(const Pair& pair) = 0;
    virtual std::vector<Pair> pairs(const PairFilter& filter, const Page& page) = 0;
    virtual std::int64_t count_pairs(const PairFilter& filter) = 0;
    // The pair and its pair_categories (its statement and question are the core's business).
    virtual void delete_pair(Id id) = 0;
    virtual std::vector<Category> pair_categories(Id pair_id) = 0;  // ordered by category id
    // Links the categories of `category_ids` that exist; one a concurrent transaction is
    // deleting is left out once that commits, never an error.
    virtual void set_pair_categories(Id pair_id, const std::vector<Id>& category_ids) = 0;

    // ---- the learners' running statistics (GET /auth/stats) on a pair whose answer type or
    // categories change, or that is deleted. The store keeps no rule about them: the use case
    // withdraws the learners' figures on the pair from what it counts for now (its answer type,
    // its categories, or everything before a delete), changes the pair, and restores them to
    // what it counts for then. A store that keeps running totals moves them (and makes a
    // booking decided meanwhile decide again); one that sums when read does nothing.
    virtual void withdraw_pair_statistics(Id pair_id, PairStatistics what) = 0;
    virtual void restore_pair_statistics(Id pair_id, PairStatistics what) = 0;
};

}  // namespace ll
