#pragma once
// GET /auth/practice: the learner's next cards in the current target language (docs/learning.md
// "What to practise next"): due cards first, the least likely to be recalled first; then cards
// never answered in the language, by level then id, as many as the day's allowance of new cards
// leaves; then nothing (done for today).
#include <optional>
#include <string>
#include <vector>

#include "core/app/learning/exercises.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/feed.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/learning/practice.hpp"
#include "core/ports/learning/settings.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// What GET /auth/practice uses: made from the learner routes' ports.
struct PracticePorts {
    PracticeQuery& practice;
    FeedQuery& feed;
    ProfileRepository& profiles;
    LanguageRepository& languages;
    LearningSettingsRepository& learning_settings;
    const Clock& clock;
    // The entries' exercises (docs/learning.md "Exercises").
    AnswerKeyQuery& answer_keys;
    const TextFolding& folding;
    const SecretTokens& secrets;  // the choice ids' key
    template <typename From>
    PracticePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : practice(from.practice),
          feed(from.feed),
          profiles(from.profiles),
          languages(from.languages),
          learning_settings(from.learning_settings),
          clock(from.clock),
          answer_keys(from.answer_keys),
          folding(from.folding),
          secrets(from.secrets) {}
};

inline constexpr int kDefaultPracticeLimit = 20;
inline constexpr int kMaxPracticeLimit = 50;

struct PracticeInput {
    std::optional<std::string> limit;  // raw query text: an integer from 1 to 50, default 20
};

struct PracticeEntry {
    FeedItem item;                            // as GET /feed has it
    std::optional<fsrs::MemoryState> memory;  // nullopt: a new card
    double retrievability = 0;                // at the time of the answer (0 for a new card)
    std::optional<Exercise> exercise = std::nullopt;  // nullopt: the card's key is gone
};

struct PracticeOutput {
    std::vector<PracticeEntry> entries;
    std::int64_t due_now = 0;    // eligible cards due at this instant
    std::int64_t due_today = 0;  // due by the end of the learner's local day (due_now included)
    std::int64_t new_left_today = 0;
    std::optional<Timestamp> next_due_at;  // the next due instant after now
};

// The learner's local day around `now` as instants: [start, end). A day across a change of the
// zone's offset is 23 or 25 hours long.
struct LocalDay {
    Timestamp start{};
    Timestamp end{};
};
LocalDay local_day(const Clock& clock, Timestamp now, const std::optional<std::string>& zone);

// 400 for a limit that is not an integer from 1 to 50; 409 without a profile.
Result<PracticeOutput> get_practice(const PracticePorts& ports, Id user_id,
                                    const PracticeInput& input);

}  // namespace ll
