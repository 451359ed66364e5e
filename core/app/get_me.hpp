#pragma once
#include <optional>
#include <string>

#include "core/domain/locale.hpp"
#include "core/domain/result.hpp"
#include "core/ports/clock.hpp"
#include "core/ports/languages.hpp"
#include "core/ports/profiles.hpp"

namespace ll {

// What GET /auth/me uses: made from the learner routes' LearnerPorts, or from a use case's
// ports that hold these members too.
struct MePorts {
    ProfileRepository& profiles;
    LanguageRepository& languages;
    const Clock& clock;
    template <typename From>
    MePorts(const From& from)  // implicit on purpose: callers pass their own ports
        : profiles(from.profiles), languages(from.languages), clock(from.clock) {}
};

struct MeOutput {
    Id id = 0;
    std::string email;
    std::string role;
    std::optional<std::string> username;
    Ep total_ep = 0;
    std::int32_t streak_days = 0;
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
    std::optional<Timestamp> last_practice_at;
    std::optional<Id> language_native_id;
    std::optional<std::string> language_native_short;
    std::optional<std::string> language_native_titel;
    std::optional<Id> language_target_id;
    std::optional<std::string> language_target_short;
    std::optional<std::string> language_target_titel;
    std::optional<std::string> language_target_greeting;
    std::int64_t level = 0;
    Ep ep_into_level = 0;
    Ep ep_to_next_level = 20;
    // In the learner's zone (APP_TIMEZONE unless `timezone` is set): a card booked today; the
    // streak is above 0 and the last practice was yesterday (it breaks unless the learner practises
    // today). The stored streak_days stays as the spec says.
    std::optional<std::string> timezone;
    bool practiced_today = false;
    bool streak_at_risk = false;
};

// Without a profile the native language is the account's language_native_id (if set).
// `titles`: the language of the language titles (titel_de, the seed's, unless another is asked
// for).
Result<MeOutput> get_me(const MePorts& ports, Id user_id, Lang titles = Lang::de);

}  // namespace ll
