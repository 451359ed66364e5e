#pragma once
// The records the learner side reads and writes, as the core sees them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain/types.hpp"

namespace ll {

inline constexpr const char* kRoleEndUser = "end-user";
inline constexpr const char* kRoleEditor = "editor";
inline constexpr const char* kRoleAdmin = "admin";

// Staff are the roles listed here, nothing else: a role added later (or typed by hand into the
// database) opens no staff route until it is added (an allow-list, docs/architecture.md).
inline bool is_staff_role(std::string_view role) {
    return role == kRoleEditor || role == kRoleAdmin;
}

// Who calls an authoring route: a development token (acting as admin) or a staff account, by
// its JWT or by a staff session (the studio's cookie, core/app/staff_session.hpp).
struct StaffPrincipal {
    std::string role;           // editor or admin
    std::optional<Id> user_id;  // nullopt for a development token
    bool development_token = false;
    // The staff session the cookie named; its user and role are known only after step two has
    // read the session (check_session_standing).
    std::optional<std::string> session_id;
    // The refresh family a JWT was issued for (its `sid`; empty for a token issued without
    // one): a signed-out family refuses the token here as on the learner API.
    std::string token_family{};
};

struct Account {
    Id id = 0;
    std::string email;  // normalised: trimmed, lower-cased
    std::string password_hash;
    std::string role = kRoleEndUser;
    bool is_active = true;
    std::optional<Id> language_native_id;
    // When it was made; offline answers dated before it are refused (docs/accounts.md
    // "Offline practice"). nullopt where a store does not know it.
    std::optional<Timestamp> created_at{};
};

struct NewAccount {
    std::string email;  // normalised
    std::string password_hash;
    std::string role = kRoleEndUser;
    std::optional<Timestamp> created_at{};  // nullopt: the store's own clock
};

struct Language {
    Id id = 0;
    std::string short_en;
    std::optional<std::string> titel_de;
    std::optional<std::string> titel_en;
    std::optional<std::string> titel_sv;
    std::optional<std::string> greeting;
};

struct Profile {
    Id id = 0;
    Id user_id = 0;
    Id username_id = 0;
    std::string username;  // as typed (trimmed)
    Id language_native_id = 0;
    Id language_target_id = 0;
    Ep total_ep = 0;
    std::int32_t streak_days = 0;
    std::int32_t daily_goal_ep = kDefaultDailyGoal;
    std::optional<Timestamp> last_practice_at;
    // The learner's IANA zone (docs/accounts.md "A time zone per learner"); nullopt: APP_TIMEZONE.
    std::optional<std::string> timezone;

    bool operator==(const Profile&) const = default;
};

struct NewProfile {
    Id user_id = 0;
    std::string username;            // trimmed, as typed
    std::string username_lowercase;  // uniqueness key
    Id language_native_id = 0;
    Id language_target_id = 0;
    std::optional<std::string> timezone = std::nullopt;  // checked by the core
};

// Achievement definitions live in the `achievements` table (docs/spec/decisions.md 6).
struct AchievementDefinition {
    std::string id;    // e.g. "first_steps"
    std::string kind;  // "ep" or "streak"
    std::int64_t threshold = 0;
    std::string title_de;
    std::string title_en;
    std::string title_sv;
    std::int32_t sort_order = 0;

    bool operator==(const AchievementDefinition&) const = default;
};

struct AchievementStatus {
    AchievementDefinition definition;
    std::optional<Timestamp> unlocked_at;  // nullopt while locked
};

struct UnlockedAchievement {
    AchievementDefinition definition;
    Timestamp unlocked_at;
};

// Does this definition hold for these figures? (docs/spec/decisions.md 6)
bool achievement_reached(const AchievementDefinition& def, Ep total_ep, std::int32_t streak_days);

}  // namespace ll
