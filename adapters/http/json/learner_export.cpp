#include "adapters/http/json/learner_export.hpp"

#include "adapters/http/json/codec.hpp"
#include "adapters/http/json/learner.hpp"
#include "adapters/http/json/learning.hpp"
#include "core/domain/time_format.hpp"

namespace ll::http {
namespace {

json::value optional_time(const std::optional<Timestamp>& t) {
    return t ? json::value(format_timestamp(*t)) : json::value(nullptr);
}

json::value account(const LearnerRecords& r) {
    return json::object{{"id", r.account.id},
                        {"email", r.account.email},
                        {"role", r.account.role},
                        {"is_active", r.account.is_active},
                        {"language_native_id", nullable(r.account.language_native_id)},
                        {"created_at", optional_time(r.account.created_at)}};
}

json::value profile(const std::optional<Profile>& p) {
    if (!p) return nullptr;
    return json::object{{"id", p->id},
                        {"username", p->username},
                        {"language_native_id", p->language_native_id},
                        {"language_target_id", p->language_target_id},
                        {"total_ep", p->total_ep},
                        {"streak_days", p->streak_days},
                        {"daily_goal_ep", p->daily_goal_ep},
                        {"last_practice_at", optional_time(p->last_practice_at)},
                        {"timezone", p->timezone ? json::value(*p->timezone) : nullptr}};
}

// The schedule settings in force (the defaults while never changed: updated_at null).
json::value learning(const std::optional<StoredLearningSettings>& stored) {
    const LearningSettings settings = stored ? stored->settings : LearningSettings{};
    json::object out = to_json(settings).as_object();
    out["updated_at"] = stored ? json::value(format_timestamp(stored->updated_at)) : nullptr;
    out["parameters"] = parameters_json(stored ? stored->fitted : std::nullopt);
    return out;
}

}  // namespace

json::value to_json(const ExportOutput& out) {
    const LearnerRecords& r = out.records;
    json::array progress, daily, achievements, keys, client_ids;
    for (const auto& p : r.progress) {
        progress.push_back(json::object{{"pair_id", p.pair_id},
                                        {"seen_count", p.seen},
                                        {"correct_count", p.correct},
                                        {"wrong_count", p.wrong},
                                        {"earned_points", p.earned_points}});
    }
    for (const auto& d : r.daily) {
        daily.push_back(json::object{{"date", format_date(d.date)},
                                     {"ep_earned", d.ep},
                                     {"cards_done", d.cards},
                                     {"correct_count", d.correct}});
    }
    for (const auto& a : r.achievements) {
        achievements.push_back(json::object{{"id", a.achievement_id},
                                            {"unlocked_at", format_timestamp(a.unlocked_at)}});
    }
    for (const auto& k : r.idempotency_keys) {
        keys.push_back(
            json::object{{"key", k.key}, {"created_at", format_timestamp(k.created_at)}});
    }
    for (const auto& k : out.batch_client_ids) {
        client_ids.push_back(
            json::object{{"client_id", k.key}, {"created_at", format_timestamp(k.created_at)}});
    }
    json::array sessions, studio_sessions, resets;
    for (const auto& f : r.sessions) {
        sessions.push_back(json::object{{"device", f.device},
                                        {"created_at", format_timestamp(f.created_at)},
                                        {"last_used_at", format_timestamp(f.last_used_at)},
                                        {"expires_at", format_timestamp(f.expires_at)},
                                        {"ended_at", optional_time(f.revoked_at)}});
    }
    for (const auto& session : r.studio_sessions) {
        studio_sessions.push_back(json::object{{"created_at", format_timestamp(session.created_at)},
                                               {"expires_at", format_timestamp(session.expires_at)},
                                               {"ended_at", optional_time(session.revoked_at)}});
    }
    for (const auto& reset : r.password_resets) {
        resets.push_back(json::object{{"requested_at", format_timestamp(reset.created_at)},
                                      {"expires_at", format_timestamp(reset.expires_at)},
                                      {"used_at", optional_time(reset.used_at)}});
    }
    json::array memory, reviews;
    for (const auto& m : r.memory) memory.push_back(to_json(m));
    for (const auto& line : r.reviews) reviews.push_back(to_json(line));
    return json::object{{"exported_at", format_timestamp(out.exported_at)},
                        {"account", account(r)},
                        {"profile", profile(r.profile)},
                        {"progress", std::move(progress)},
                        {"daily_activity", std::move(daily)},
                        {"achievements", std::move(achievements)},
                        {"idempotency_keys", std::move(keys)},
                        {"batch_client_ids", std::move(client_ids)},
                        {"sessions", std::move(sessions)},
                        {"studio_sessions", std::move(studio_sessions)},
                        {"reset_requests", std::move(resets)},
                        {"learning", learning(r.learning_settings)},
                        {"memory", std::move(memory)},
                        {"reviews", std::move(reviews)}};
}

}  // namespace ll::http
