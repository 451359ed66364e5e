#include "core/app/get_me.hpp"

#include "core/app/languages_lookup.hpp"
#include "core/domain/rules.hpp"

namespace ll {

Result<MeOutput> get_me(const MePorts& ports, Id user_id, Lang titles) {
    const auto found = ports.profiles.find_account_with_profile(user_id);  // one read
    if (!found) return errors::user_not_found();
    const Account* account = &found->account;
    const auto& profile = found->profile;
    const auto languages = ports.languages.list_published();

    MeOutput me;
    me.id = account->id;
    me.email = account->email;
    me.role = account->role;
    std::optional<Id> native_id = account->language_native_id;
    std::optional<Id> target_id;
    if (profile) {
        me.username = profile->username;
        me.total_ep = profile->total_ep;
        me.streak_days = profile->streak_days;
        me.daily_goal_ep = profile->daily_goal_ep;
        me.last_practice_at = profile->last_practice_at;
        me.timezone = profile->timezone;
        native_id = profile->language_native_id;
        target_id = profile->language_target_id;
    }
    me.language_native_id = native_id;
    if (const Language* native = find_language(languages, native_id)) {
        me.language_native_short = native->short_en;
        me.language_native_titel = language_title(*native, titles);
    }
    me.language_target_id = target_id;
    if (const Language* target = find_language(languages, target_id)) {
        me.language_target_short = target->short_en;
        me.language_target_titel = language_title(*target, titles);
        me.language_target_greeting = target->greeting;
    }
    if (me.last_practice_at) {
        const Clock& clock = ports.clock;
        const Date today = clock.learner_date(clock.now(), me.timezone);
        const Date last = clock.learner_date(*me.last_practice_at, me.timezone);
        me.practiced_today = last >= today;  // >=: an answer up to 5 minutes ahead (batch)
        me.streak_at_risk = me.streak_days > 0 && last == today - std::chrono::days{1};
    }
    const LevelInfo level = level_info(me.total_ep);
    me.level = level.level;
    me.ep_into_level = level.ep_into_level;
    me.ep_to_next_level = level.ep_to_next_level;
    return me;
}

}  // namespace ll
