// Shaping GET /auth/stats from what the database summed (docs/spec/service.md).
#include "core/domain/stats.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace ll {

Date stats_window_start(Date today) {
    return today - std::chrono::days{kStatsWindowDays - 1};
}

namespace {
struct SkillNames {
    std::string_view key;
    Texts labels;
};
constexpr std::array<SkillNames, 3> kSkills = {{
    {"vocabulary", {"Vokabular", "Vocabulary", "Ordförråd"}},
    {"reading", {"Lesen", "Reading", "Läsning"}},
    {"comprehension", {"Verständnis", "Comprehension", "Förståelse"}},
}};
}  // namespace

std::optional<Skill> skill_for(std::string_view answer_type) {
    if (answer_type == "word" || answer_type == "question") return Skill::vocabulary;
    if (answer_type == "text") return Skill::reading;
    if (answer_type == "yes_no") return Skill::comprehension;
    return std::nullopt;  // Sonstige: counted nowhere, never returned
}

std::string_view skill_key(Skill skill) {
    return kSkills[static_cast<std::size_t>(skill)].key;
}

std::string_view skill_label(Skill skill, Lang lang) {
    return kSkills[static_cast<std::size_t>(skill)].labels.in(lang);
}

namespace {
// The category's title in `lang` where an editor gave one, else its titel_de.
std::string category_label(const CategoryCounts& c, Lang lang) {
    if (lang == Lang::en && c.label_en) return *c.label_en;
    if (lang == Lang::sv && c.label_sv) return *c.label_sv;
    return c.label;
}

double ratio(std::int64_t part, std::int64_t whole) {
    return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}
}  // namespace

Stats aggregate_stats(const StatsSnapshot& snapshot, Date today, Lang labels) {
    Stats stats;
    const Date start = stats_window_start(today);

    std::map<Date, const DailyActivityRow*> by_date;
    for (const auto& row : snapshot.daily) {
        if (row.date >= start && row.date <= today) by_date[row.date] = &row;
    }
    stats.daily.reserve(kStatsWindowDays);
    for (Date d = start; d <= today; d += std::chrono::days{1}) {
        const auto it = by_date.find(d);
        if (it == by_date.end()) {
            stats.daily.push_back(StatsDay{d, 0, 0, 0});
        } else {
            stats.daily.push_back(
                StatsDay{d, it->second->ep, it->second->cards, it->second->correct});
        }
    }
    stats.today.ep = stats.daily.back().ep;
    stats.today.cards = stats.daily.back().cards;
    stats.today.daily_goal_ep = snapshot.daily_goal_ep.value_or(kDefaultDailyGoal);

    stats.totals.pairs_practiced = snapshot.pairs_practiced;
    stats.totals.total_seen = snapshot.total_seen;
    stats.totals.total_correct = snapshot.total_correct;
    stats.totals.accuracy = ratio(snapshot.total_correct, snapshot.total_seen);

    std::array<std::int64_t, kSkills.size()> seen{}, correct{};
    for (const auto& counts : snapshot.by_answer_type) {
        const auto skill = skill_for(counts.answer_type);
        if (!skill) continue;
        seen[static_cast<std::size_t>(*skill)] += counts.seen;
        correct[static_cast<std::size_t>(*skill)] += counts.correct;
    }
    for (std::size_t i = 0; i < kSkills.size(); ++i) {  // in the enum's order, the spec's
        const auto skill = static_cast<Skill>(i);
        stats.skills.push_back(StatsSkill{skill_key(skill), std::string(skill_label(skill, labels)),
                                          ratio(correct[i], seen[i]), seen[i]});
    }

    for (const auto& c : snapshot.categories) {
        if (c.points > 0)
            stats.categories.push_back(
                StatsCategory{c.id, category_label(c, labels), c.points, c.seen});
    }
    std::sort(stats.categories.begin(), stats.categories.end(), [](const auto& a, const auto& b) {
        return a.points != b.points ? a.points > b.points : a.id < b.id;
    });
    return stats;
}

}  // namespace ll
