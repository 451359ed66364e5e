#pragma once
// What the database sums for GET /auth/stats (StatsQuery, core/ports/stats.hpp), as values:
// core/domain/stats.hpp shapes them into the answer.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/domain/types.hpp"

namespace ll {

struct DailyActivityRow {
    Date date;
    Ep ep = 0;
    std::int64_t cards = 0;
    std::int64_t correct = 0;
};

// Per answer type: word, question, text and yes_no at least; other types map to no skill
// ("Sonstige", never returned) and may be left out.
struct AnswerTypeCounts {
    std::string answer_type;  // pairs.answer_type as stored
    std::int64_t seen = 0;
    std::int64_t correct = 0;
};

struct CategoryCounts {
    Id id = 0;
    std::string label;  // titel_de
    Ep points = 0;      // sum of earned_points over the user's pairs in this category
    std::int64_t seen = 0;
    std::optional<std::string> label_en{}, label_sv{};  // titel_en, titel_sv where given
};

// What the database sums for GET /auth/stats; the core shapes the answer (window filled with
// zeros, skills in fixed order, categories filtered and ordered).
struct StatsSnapshot {
    std::vector<DailyActivityRow> daily;  // rows with from <= date <= to, any order
    std::int64_t pairs_practiced = 0;
    std::int64_t total_seen = 0;
    std::int64_t total_correct = 0;
    std::vector<AnswerTypeCounts> by_answer_type;
    std::vector<CategoryCounts> categories;     // any order; may include points 0
    std::optional<std::int32_t> daily_goal_ep;  // nullopt without profile
    std::optional<std::string> timezone;        // the profile's zone; nullopt: APP's
};

}  // namespace ll
