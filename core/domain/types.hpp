#pragma once
// Plain value types shared by the whole core.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace ll {

using Id = std::int64_t;
// Experience points are 64-bit everywhere (docs/spec/decisions.md 9).
using Ep = std::int64_t;

// Instants are UTC with millisecond precision (docs/spec/decisions.md 3).
using Timestamp = std::chrono::sys_time<std::chrono::milliseconds>;
// Calendar dates (in APP_TIMEZONE when they mean "today").
using Date = std::chrono::sys_days;

// A learner's daily goal until they set one (docs/spec/service.md PUT /auth/goal); the schema's
// column default (users_public.daily_goal_ep) says the same for rows written by SQL alone.
inline constexpr std::int32_t kDefaultDailyGoal = 30;

}  // namespace ll
