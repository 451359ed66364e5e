#include "core/app/learning/practice.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#include "core/app/learning/settings.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"

namespace ll {
namespace {

// Due cards read beyond the page, for those the feed no longer has (unpublished since).
constexpr int kDueSlack = 10;

// The first instant in (low, high] whose local date is not `date`, found by halving: the local
// date only grows with time, and the clock converts instants, not dates (core/ports/clock.hpp).
Timestamp first_instant_after(const Clock& clock, const std::optional<std::string>& zone, Date date,
                              Timestamp low, Timestamp high) {
    while (high - low > std::chrono::milliseconds(1)) {
        const Timestamp mid = low + (high - low) / 2;
        (clock.learner_date(mid, zone) == date ? low : high) = mid;
    }
    return high;
}

std::optional<int> practice_limit(const std::optional<std::string>& text) {
    if (!text) return kDefaultPracticeLimit;
    const auto value = decimal_in(*text, 1, kMaxPracticeLimit);
    if (!value) return std::nullopt;
    return static_cast<int>(*value);
}

// Each entry's exercise, from the page's answer keys read at once; the words that fill up wrong
// choices are read only when some card needs them, once for the page.
void attach_exercises(const PracticePorts& ports, Id user_id, std::string_view lang,
                      const std::string& local_date, std::vector<PracticeEntry>& entries) {
    std::vector<Id> ids;
    for (const auto& e : entries) ids.push_back(e.item.pair_id);
    std::map<Id, AnswerKey> keys;
    for (auto& key : ports.answer_keys.answer_keys(ids)) keys.emplace(key.pair_id, std::move(key));
    std::vector<const AnswerKey*> page;
    for (const auto& [id, key] : keys) page.push_back(&key);
    const DistractorPool pool = read_distractor_pool(ports.answer_keys, page, lang);
    for (auto& e : entries) {
        const auto key = keys.find(e.item.pair_id);
        if (key == keys.end()) continue;
        const Id pair = e.item.pair_id;
        e.exercise = exercise_for(key->second, e.item, lang, pool, ports.folding,
                                  exercise_seed(user_id, pair, local_date), [&](Id word) {
                                      return word_choice_id(ports.secrets, user_id, pair, word);
                                  });
    }
}

}  // namespace

LocalDay local_day(const Clock& clock, Timestamp now, const std::optional<std::string>& zone) {
    const Date today = clock.learner_date(now, zone);
    constexpr auto kLongestDay = std::chrono::hours(27);  // 24 h and any offset change
    const Timestamp start =
        first_instant_after(clock, zone, today - std::chrono::days(1), now - kLongestDay, now);
    const Timestamp end = first_instant_after(clock, zone, today, now, now + kLongestDay);
    return LocalDay{start, end};
}

Result<PracticeOutput> get_practice(const PracticePorts& ports, Id user_id,
                                    const PracticeInput& input) {
    const auto limit = practice_limit(input.limit);
    if (!limit) return errors::practice_limit_invalid();
    const auto profile = ports.profiles.find_by_user(user_id);
    if (!profile) return errors::no_profile_for_practice();
    const Id language = profile->language_target_id;
    std::string code;
    for (const auto& l : ports.languages.list_published()) {
        if (l.id == language) code = l.short_en;
    }
    const auto stored = ports.learning_settings.find(user_id);
    const LearningSettings settings = stored ? stored->settings : LearningSettings{};
    // The learner's own forgetting curve when fitted (docs/learning.md "Fitted parameters").
    const fsrs::Parameters weights = schedule_parameters(stored ? stored->fitted : std::nullopt);
    PracticeOutput out;
    const Timestamp now = ports.clock.now();
    const LocalDay day = local_day(ports.clock, now, profile->timezone);

    // Due cards, the least likely to be recalled first (then the longest due, then by id). The
    // store ranks them by the same measure; a few more than the page make up for cards the feed
    // no longer has.
    std::vector<PracticeEntry> due;
    for (auto& card : ports.practice.due(user_id, language, now, *limit + kDueSlack)) {
        PracticeEntry entry;
        entry.item.pair_id = card.pair_id;
        entry.retrievability = fsrs::retrievability(card.state, now, weights);
        entry.memory = card.state;
        due.push_back(std::move(entry));
    }
    std::sort(due.begin(), due.end(), [](const PracticeEntry& a, const PracticeEntry& b) {
        if (a.retrievability != b.retrievability) return a.retrievability < b.retrievability;
        if (a.memory->due != b.memory->due) return a.memory->due < b.memory->due;
        return a.item.pair_id < b.item.pair_id;
    });

    const PracticeCounts counts = ports.practice.counts(user_id, language, now, day.start, day.end);
    out.due_now = counts.due_now;
    out.due_today = counts.due_by_day_end;
    out.next_due_at = counts.next_due_at;
    out.new_left_today = std::max<std::int64_t>(0, settings.new_per_day - counts.new_started_today);

    // Then new cards, within the day's allowance.
    std::vector<Id> ids;
    for (const auto& entry : due) ids.push_back(entry.item.pair_id);
    const int room = *limit - std::min(*limit, static_cast<int>(due.size()));
    const auto new_count = static_cast<int>(std::min<std::int64_t>(room, out.new_left_today));
    const std::vector<Id> fresh = new_count > 0
                                      ? ports.practice.new_cards(user_id, language, code, new_count)
                                      : std::vector<Id>{};
    ids.insert(ids.end(), fresh.begin(), fresh.end());
    if (ids.empty()) return out;

    // The feed's entries of those cards; a card that left the feed meanwhile is left out.
    std::map<Id, FeedItem> items;
    for (auto& item : ports.feed.items(code, ids)) items.emplace(item.pair_id, std::move(item));
    for (auto& entry : due) {
        const auto it = items.find(entry.item.pair_id);
        if (it == items.end() || static_cast<int>(out.entries.size()) == *limit) continue;
        entry.item = std::move(it->second);
        out.entries.push_back(std::move(entry));
    }
    for (const Id id : fresh) {
        const auto it = items.find(id);
        if (it == items.end() || static_cast<int>(out.entries.size()) == *limit) continue;
        out.entries.push_back(PracticeEntry{std::move(it->second), std::nullopt, 0});
    }
    // The exercise is how a practice entry is answered: its short answers would give the
    // answer away (docs/learning.md "Exercises"), so they are null here, unlike in GET /feed.
    for (auto& e : out.entries) {
        if (!e.item.question) continue;
        e.item.question->short_answer_de.reset();
        e.item.question->short_answer_en.reset();
        e.item.question->short_answer_se.reset();
    }
    attach_exercises(ports, user_id, code,
                     format_date(ports.clock.learner_date(now, profile->timezone)), out.entries);
    return out;
}

}  // namespace ll
