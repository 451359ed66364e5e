#include "adapters/http/json/learner.hpp"

#include "adapters/http/json/batch.hpp"
#include "adapters/http/json/codec.hpp"
#include "core/domain/time_format.hpp"

namespace ll::http {
namespace {

json::object achievement(const AchievementDefinition& d) {
    return json::object{{"id", d.id},
                        {"kind", d.kind},
                        {"threshold", d.threshold},
                        {"title_de", d.title_de},
                        {"title_en", d.title_en},
                        {"title_sv", d.title_sv}};
}

// Beside the spec's fields of every answer that carries tokens (register, login, refresh): the
// device's refresh token and how long both live (docs/accounts.md "Sessions and sign-out").
void add_session_fields(json::object& o, const std::string& refresh_token,
                        const TokenLifetimes& lifetimes) {
    o["refresh_token"] = refresh_token;
    o["expires_in"] = lifetimes.access.count();
    o["refresh_expires_in"] = lifetimes.refresh.count();
}

}  // namespace

json::value to_json(const RegisterOutput& out) {
    json::object o{{"user", json::object{{"id", out.user.id},
                                         {"email", out.user.email},
                                         {"role", out.user.role},
                                         {"native_lang", out.user.native_lang}}},
                   {"token", out.token},
                   {"needsProfile", out.needs_profile}};
    add_session_fields(o, out.refresh_token, out.lifetimes);
    return o;
}

json::value to_json(const LoginOutput& out) {
    json::object o{{"user", json::object{{"id", out.id},
                                         {"email", out.email},
                                         {"role", out.role},
                                         {"native_lang", out.native_lang}}},
                   {"token", out.token},
                   {"needsProfile", out.needs_profile}};
    add_session_fields(o, out.refresh_token, out.lifetimes);
    return o;
}

json::value to_json(const SessionTokens& out) {  // POST /auth/refresh
    json::object o{{"token", out.token}};
    add_session_fields(o, out.refresh_token, out.lifetimes);
    return o;
}

json::value to_json(const std::vector<Language>& languages) {
    json::array out;
    for (const auto& l : languages) {
        out.push_back(json::object{{"id", l.id},
                                   {"short_en", l.short_en},
                                   {"titel_de", nullable(l.titel_de)},
                                   {"titel_en", nullable(l.titel_en)},
                                   {"titel_sv", nullable(l.titel_sv)}});
    }
    return out;
}

json::value to_json(const MeOutput& me) {
    return json::object{{"id", me.id},
                        {"email", me.email},
                        {"role", me.role},
                        {"username", nullable(me.username)},
                        {"total_ep", me.total_ep},
                        {"streak_days", me.streak_days},
                        {"daily_goal_ep", me.daily_goal_ep},
                        {"last_practice_at", timestamp(me.last_practice_at)},
                        {"language_native_id", nullable(me.language_native_id)},
                        {"language_native_short", nullable(me.language_native_short)},
                        {"language_native_titel", nullable(me.language_native_titel)},
                        {"language_target_id", nullable(me.language_target_id)},
                        {"language_target_short", nullable(me.language_target_short)},
                        {"language_target_titel", nullable(me.language_target_titel)},
                        {"language_target_greeting", nullable(me.language_target_greeting)},
                        {"level", me.level},
                        {"ep_into_level", me.ep_into_level},
                        {"ep_to_next_level", me.ep_to_next_level},
                        // beside the spec's fields (docs/accounts.md "A time zone per learner")
                        {"timezone", nullable(me.timezone)},
                        {"practiced_today", me.practiced_today},
                        {"streak_at_risk", me.streak_at_risk}};
}

json::value to_json(const CreateProfileOutput& out) {
    return json::object{{"id", out.id},
                        {"user_id", out.user_id},
                        {"username", out.username},
                        {"language_native_id", out.language_native_id},
                        {"language_target_id", out.language_target_id}};
}

json::value to_json(const BookProgressOutput& out) {
    json::array unlocked;
    for (const auto& a : out.unlocked_achievements) {
        json::object entry = achievement(a.definition);
        entry["unlocked_at"] = format_timestamp(a.unlocked_at);
        unlocked.push_back(std::move(entry));
    }
    return json::object{{"total_ep", out.total_ep},
                        {"level", out.level},
                        {"prev_level", out.prev_level},
                        {"streak_days", out.streak_days},
                        {"streak_increased", out.streak_increased},
                        {"daily_ep", out.daily_ep},
                        {"daily_goal_ep", out.daily_goal_ep},
                        {"goal_just_reached", out.goal_just_reached},
                        {"unlocked_achievements", std::move(unlocked)}};
}

// The offline batch: each item as POST /auth/progress answers it, with its client_id and status.
json::value to_json(const std::vector<BatchItemResult>& results) {
    return batch_json(results, [](const auto& answer) { return to_json(answer); });
}

json::value to_json(const SetTimezoneOutput& out) {
    return json::object{{"timezone", nullable(out.timezone)}};
}

json::value to_json(const LearningSettings& settings) {
    return json::object{{"desired_retention", settings.desired_retention},
                        {"new_per_day", settings.new_per_day}};
}

json::value to_json(const std::vector<AchievementStatus>& achievements) {
    json::array out;
    for (const auto& a : achievements) {
        json::object entry = achievement(a.definition);
        entry["unlocked"] = a.unlocked_at.has_value();
        entry["unlocked_at"] = timestamp(a.unlocked_at);
        out.push_back(std::move(entry));
    }
    return out;
}

json::value to_json(const Stats& s, json::storage_ptr sp) {
    json::array daily(sp);
    daily.reserve(s.daily.size());
    for (const auto& d : s.daily) {
        daily.push_back(json::object({{"date", format_date(d.date)},
                                      {"ep", d.ep},
                                      {"cards", d.cards},
                                      {"correct", d.correct}},
                                     sp));
    }
    json::array skills(sp);
    for (const auto& k : s.skills)
        skills.push_back(json::object(
            {{"key", k.key}, {"label", k.label}, {"value", k.value}, {"seen", k.seen}}, sp));
    json::array categories(sp);
    for (const auto& c : s.categories) {
        categories.push_back(json::object(
            {{"id", c.id}, {"label", c.label}, {"points", c.points}, {"seen", c.seen}}, sp));
    }
    return json::object(
        {{"daily", std::move(daily)},
         {"today",
          {{"ep", s.today.ep}, {"cards", s.today.cards}, {"daily_goal_ep", s.today.daily_goal_ep}}},
         {"totals",
          {{"pairs_practiced", s.totals.pairs_practiced},
           {"total_seen", s.totals.total_seen},
           {"total_correct", s.totals.total_correct},
           {"accuracy", s.totals.accuracy}}},
         {"skills", std::move(skills)},
         {"categories", std::move(categories)}},
        sp);
}

namespace {

// `{duration_ms, variants: [{type, url, bytes}]}`, or null (docs/audio.md).
json::value audio_json(const std::optional<FeedAudio>& audio) {
    if (!audio) return nullptr;
    json::array variants;
    for (const auto& v : audio->variants)
        variants.push_back(json::object{{"type", v.type}, {"url", v.url}, {"bytes", v.bytes}});
    return json::object{{"duration_ms", audio->duration_ms}, {"variants", std::move(variants)}};
}

}  // namespace

json::value to_json(const FeedItem& item) {
    json::value question = nullptr;
    if (item.question) {
        const auto& q = *item.question;
        question = json::object{{"de", nullable(q.de)},
                                {"en", nullable(q.en)},
                                {"sv", nullable(q.sv)},
                                {"short_answer_de", nullable(q.short_answer_de)},
                                {"short_answer_en", nullable(q.short_answer_en)},
                                {"short_answer_se", nullable(q.short_answer_se)},
                                {"audio_url", nullable(q.audio_url)},
                                {"audio", audio_json(q.audio)}};
    }
    json::array categories;
    for (const auto& c : item.categories)
        categories.push_back(json::object{{"id", c.id}, {"label", c.label}});
    return json::object{{"pair_id", item.pair_id},
                        {"answer_type", item.answer_type},
                        {"level", item.level},
                        {"statement", json::object{{"de", nullable(item.statement_de)},
                                                   {"en", nullable(item.statement_en)},
                                                   {"sv", nullable(item.statement_sv)}}},
                        {"question", std::move(question)},
                        {"image_url", nullable(item.image_url)},
                        {"image_phone_url", nullable(item.image_phone_url)},
                        {"thumbnail_url", nullable(item.thumbnail_url)},
                        {"width", nullable(item.width)},
                        {"height", nullable(item.height)},
                        {"audio_url", nullable(item.audio_url)},
                        {"audio", audio_json(item.audio)},
                        {"categories", std::move(categories)}};
}

json::value to_json(const FeedOutput& feed) {
    json::array items;
    for (const auto& item : feed.items) items.push_back(to_json(item));
    return json::object{
        {"items", std::move(items)},
        {"next_after", feed.next_after ? json::value(*feed.next_after) : json::value(nullptr)}};
}

}  // namespace ll::http
