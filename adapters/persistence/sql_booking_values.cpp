// The values a booking binds on both dialects: the booked card's figures, what an idempotency
// record keeps (status, figures, unlocked achievements as JSON), the JSON lists; and the record
// written alone for a card that was not booked.
#include <boost/json.hpp>

#include "adapters/persistence/sql_booking.hpp"
#include "core/domain/time_format.hpp"

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

void OutcomeColumns::set(const BookingOutcome& outcome) {
    status = status_text(outcome.status);
    previous_total = outcome.previous_total_ep;
    total = outcome.total_ep;
    previous_streak = outcome.previous_streak_days;
    streak = outcome.streak_days;
    daily = outcome.daily_ep;
    goal = outcome.daily_goal_ep;
    unlocked = unlocked_to_json(outcome.unlocked);
    unlocked_ind = unlocked.empty() ? soci::i_null : soci::i_ok;
}

void BookingValues::set(const BookingWrite& w) {
    total = w.total_ep;
    streak = w.streak_days;
    now = format_timestamp(w.practised_at);
    today = format_date(w.practised_on);
    move_last = w.moves_last_practice ? 1 : 0;
    recorded = format_timestamp(w.recorded_at);
    next_ep = w.next_ep_threshold;
    next_streak = w.next_streak_threshold;
    first = w.stats.first_practice_of_pair ? 1 : 0;
    correct = w.stats.correct ? 1 : 0;
    wrong = 1 - correct;
    points = w.stats.points;
    for (int i = 0; i < 4; ++i) {
        const bool counted = w.stats.answer_type == kCountedAnswerTypes[i];
        type_seen[i] = counted ? 1 : 0;
        type_correct[i] = counted ? correct : 0;
    }
    const fsrs::MemoryState& m = w.memory;
    language = w.review.language;
    phase = static_cast<int>(m.phase);
    step = m.step;
    reps = m.reps;
    lapses = m.lapses;
    stability = m.stability;
    difficulty = m.difficulty;
    due = format_timestamp(m.due);
    reviewed = format_timestamp(w.review.reviewed_at);
    rating = static_cast<int>(w.review.rating);
    retrievability = w.review.retrievability;
    elapsed = w.review.elapsed_days.value_or(0);
    elapsed_ind = w.review.elapsed_days ? soci::i_ok : soci::i_null;
    distractor = w.review.distractor_word_id.value_or(0);
    distractor_ind = w.review.distractor_word_id ? soci::i_ok : soci::i_null;
}

std::string json_list(const std::vector<Id>& ids) {
    boost::json::array out;
    for (const Id id : ids) out.push_back(id);
    return boost::json::serialize(out);
}

std::string json_list(const std::vector<std::string>& texts) {
    boost::json::array out;
    for (const auto& text : texts) out.push_back(boost::json::string_view(text));
    return boost::json::serialize(out);
}

bool store_key_only(Database& db, const DialectSql& d, const BookingWrite& w) {
    // Run again after a lost connection, it finds its own record when the first run stored
    // it: refused, the booking reads again and replays that record.
    return db.autocommit([&](soci::session& s) { return write_key_only(s, d, w); });
}

bool write_key_only(soci::session& s, const DialectSql& d, const BookingWrite& w) {
    if (!w.key) return true;
    long long user = w.user_id;
    std::string key = w.key->key, fingerprint = w.key->fingerprint;
    std::string now = format_timestamp(w.recorded_at);
    std::string expired = format_timestamp(w.key->expired_before);
    OutcomeColumns o;
    o.set(w.outcome);
    // Inserted, or an expired record replaced; RETURNING gives no row when an unexpired
    // record kept its place.
    long long written = 0;
    soci::indicator written_ind = soci::i_null;
    soci::statement st =
        (s.prepare << "INSERT INTO idempotency_keys AS ik (user_id, key, fingerprint, "
                      "created_at, status, previous_total_ep, total_ep, previous_streak_days, "
                      "streak_days, daily_ep, daily_goal_ep, unlocked) VALUES (:u, :k, :f, " +
                          d.ts_in(":now") +
                          ", :st, :pt, :t, :ps, :s, :d, :g, :un) ON CONFLICT (user_id, key) "
                          "DO UPDATE SET fingerprint = excluded.fingerprint, created_at = "
                          "excluded.created_at, status = excluded.status, previous_total_ep "
                          "= excluded.previous_total_ep, total_ep = excluded.total_ep, "
                          "previous_streak_days = excluded.previous_streak_days, "
                          "streak_days = excluded.streak_days, daily_ep = excluded.daily_ep, "
                          "daily_goal_ep = excluded.daily_goal_ep, unlocked = "
                          "excluded.unlocked WHERE ik.created_at < " +
                          d.ts_in(":exp") + " RETURNING 1",
         soci::use(user), soci::use(key), soci::use(fingerprint), soci::use(now),
         soci::use(o.status), soci::use(o.previous_total), soci::use(o.total),
         soci::use(o.previous_streak), soci::use(o.streak), soci::use(o.daily), soci::use(o.goal),
         soci::use(o.unlocked, o.unlocked_ind), soci::use(expired),
         soci::into(written, written_ind));
    st.execute(true);
    finish_row(st);
    return written_ind == soci::i_ok && written == 1;
}

BookingStatus status_from_text(const std::string& status) {
    if (status == "pair_not_found") return BookingStatus::pair_not_found;
    if (status == "no_profile") return BookingStatus::no_profile;
    if (status == "key_reused") return BookingStatus::key_reused;
    if (status == "before_last_review") return BookingStatus::before_last_review;
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
        case BookingStatus::contended:
            return "contended";
        case BookingStatus::not_stored:  // never written (replay_only)
            return "not_stored";
        case BookingStatus::not_gradable:  // never written
            return "not_gradable";
        case BookingStatus::before_last_review:
            return "before_last_review";
        case BookingStatus::booked:
            break;
    }
    return "booked";
}

}  // namespace ll::sql
