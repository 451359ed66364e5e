#pragma once
// The spec's small rules as pure functions: level curve, streak, parsing, validation, goal.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/domain/loose_value.hpp"
#include "core/domain/types.hpp"

namespace ll {

// ---- Level curve (docs/spec/decisions.md 5): level L is reached at 10 * L * (L + 1) EP.
Ep level_threshold(std::int64_t level);
std::int64_t level_for(Ep total_ep);
struct LevelInfo {
    std::int64_t level;
    Ep ep_into_level;
    Ep ep_to_next_level;
};
LevelInfo level_info(Ep total_ep);

// ---- Streak (docs/spec/service.md progress step 3, docs/spec/decisions.md 4): `last_practice` is
// the calendar date of last_practice_at in APP_TIMEZONE (nullopt when never practised).
std::int32_t next_streak(std::int32_t previous_streak, std::optional<Date> last_practice,
                         Date today);

// ---- Goal reached by this card (docs/spec/service.md progress response).
bool goal_just_reached(Ep daily_ep, Ep daily_goal_ep, Ep points);

// ---- JavaScript parseInt(String(v), 10); nullopt stands for NaN (docs/spec/decisions.md 3).
std::optional<std::int64_t> js_parse_int(const LooseValue& v);
// points: parseInt, NaN -> 0, clamped to 0..1000 (docs/spec/decisions.md 8).
Ep parse_points(const LooseValue& v);
inline constexpr Ep kMaxPointsPerCard = 1000;
// daily_goal_ep: parseInt, NaN -> 0, clamped to 5..500 (docs/spec/service.md PUT /auth/goal).
std::int32_t parse_goal(const LooseValue& v);
// correct: boolean true or the string "true".
bool parse_correct(const LooseValue& v);
// pair_id (docs/spec/decisions.md 8, 10).
enum class PairIdProblem { missing, not_positive };
struct PairIdParse {
    std::optional<Id> id;
    PairIdProblem problem = PairIdProblem::missing;  // meaningful when !id
};
PairIdParse parse_pair_id(const LooseValue& v);
// A strict query value of the learning engine's routes (limit, a sync position): ASCII digits
// only, the whole text, from lo to hi; nullopt otherwise ("", "5x", "-1", "+2", " 3").
std::optional<std::int64_t> decimal_in(std::string_view text, std::int64_t lo, std::int64_t hi);

// ---- Text rules.
// Trim as JavaScript's String.prototype.trim does (ASCII and Unicode white space, UTF-8).
std::string trim(std::string_view s);
// ASCII lower-casing (e-mails and usernames; see docs/deviations.md).
std::string ascii_lower(std::string_view s);
// Case folding for content matching (word titles, question texts): ASCII and the Latin-1
// letters (Ä Ö Ü Å Æ Ø É ...), which covers German and Swedish; other text is left as it is.
std::string fold_case(std::string_view s);
// Number of Unicode code points in UTF-8 text (invalid bytes count one each).
std::size_t code_point_count(std::string_view utf8);
// E-mail normalisation (trim, lower-case) and shape: text @ text . text, no white space, no NUL,
// at most kMaxEmailBytes (RFC 5321's limit on a path; a longer key also does not fit
// PostgreSQL's b-tree index, which answered 500).
inline constexpr std::size_t kMaxEmailBytes = 254;
std::string normalize_email(std::string_view raw);
bool is_valid_email_shape(std::string_view normalized);
inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 1024;
// ^[A-Za-z0-9_]{3,20}$ (after trimming, done by the caller).
bool is_valid_username(std::string_view trimmed);

}  // namespace ll
