// What a booking stores and returns: its numbers, its status and unlocked achievements.
#include <boost/json.hpp>

#include "adapters/persistence/sql_booking.hpp"

namespace ll::sql {

std::string unlocked_to_json(const std::vector<UnlockedAchievement>& unlocked) {
    if (unlocked.empty()) return "";
    boost::json::array out;
    for (const auto& u : unlocked) {
        const auto& d = u.definition;
        out.push_back(boost::json::object{{"id", d.id},
                                          {"kind", d.kind},
                                          {"threshold", d.threshold},
                                          {"title_de", d.title_de},
                                          {"title_en", d.title_en},
                                          {"title_sv", d.title_sv},
                                          {"sort_order", d.sort_order}});
    }
    return boost::json::serialize(out);
}

std::vector<UnlockedAchievement> unlocked_from_json(const std::string& json, Timestamp at) {
    std::vector<UnlockedAchievement> out;
    if (json.empty()) return out;
    boost::json::error_code ec;
    const auto value = boost::json::parse(json, ec);
    if (ec || !value.is_array()) return out;  // written by us; never malformed in practice
    for (const auto& item : value.as_array()) {
        if (!item.is_object()) continue;
        const auto& o = item.as_object();
        const auto text = [&](const char* key) {
            const auto* v = o.if_contains(key);
            return v && v->is_string() ? std::string(v->as_string()) : std::string();
        };
        const auto number = [&](const char* key) -> std::int64_t {
            const auto* v = o.if_contains(key);
            if (!v) return 0;
            if (v->is_int64()) return v->as_int64();
            if (v->is_uint64()) return static_cast<std::int64_t>(v->as_uint64());
            if (v->is_double()) return static_cast<std::int64_t>(v->as_double());
            return 0;
        };
        AchievementDefinition d{text("id"),
                                text("kind"),
                                number("threshold"),
                                text("title_de"),
                                text("title_en"),
                                text("title_sv"),
                                static_cast<std::int32_t>(number("sort_order"))};
        out.push_back(UnlockedAchievement{std::move(d), at});
    }
    return out;
}

BookingOutcome BookingColumns::outcome(BookingStatus status_, bool replayed,
                                       std::vector<UnlockedAchievement> achievements) const {
    BookingOutcome out;
    out.status = status_;
    out.replayed = replayed;
    out.previous_total_ep = previous_total;
    out.total_ep = total;
    out.previous_streak_days = previous_streak;
    out.streak_days = streak;
    out.daily_ep = daily;
    out.daily_goal_ep = goal;
    out.unlocked = std::move(achievements);
    return out;
}

BookingOutcome BookingColumns::stored_outcome(bool replayed, Timestamp at) const {
    return outcome(status_from_text(status), replayed,
                   unlocked_ind == soci::i_ok ? unlocked_from_json(unlocked, at)
                                              : std::vector<UnlockedAchievement>{});
}

BookingStatus status_from_text(const std::string& status) {
    if (status == "pair_not_found") return BookingStatus::pair_not_found;
    if (status == "no_profile") return BookingStatus::no_profile;
    if (status == "key_reused") return BookingStatus::key_reused;
    return BookingStatus::booked;
}

const char* status_text(BookingStatus status) {
    switch (status) {
        case BookingStatus::pair_not_found:
            return "pair_not_found";
        case BookingStatus::no_profile:
            return "no_profile";
        case BookingStatus::key_reused:
            return "key_reused";
        case BookingStatus::booked:
            break;
    }
    return "booked";
}

}  // namespace ll::sql
