// What a booking's rules read, in one statement on either dialect (prepared once per pooled
// session): the pair, its categories, the profile, whether the pair was practised, today's EP
// and the record under the idempotency key. The locked achievement definitions are read only
// when the rules ask (a threshold reached), on the same snapshot.
#include <charconv>

#include "adapters/persistence/learning/weights_text.hpp"
#include "adapters/persistence/sql_booking.hpp"
#include "core/domain/learning_settings.hpp"
#include "core/domain/time_format.hpp"

namespace ll::sql {
namespace {

using soci::indicator;

std::string read_sql(const DialectSql& d) {
    const std::string categories =
        d.pg() ? "string_agg(CAST(category_id AS TEXT), ',')" : "group_concat(category_id)";
    return "SELECT p.answer_type, (SELECT " + categories +
           " FROM pair_categories WHERE pair_id = :p1), up.version, up.total_ep, "
           "up.streak_days, up.daily_goal_ep, " +
           d.date_out("up.last_practice_date") +
           ", up.next_ep_threshold, up.next_streak_threshold, up.timezone, "
           "CASE WHEN EXISTS (SELECT 1 FROM user_pair_progress WHERE user_id = :u1 AND "
           "pair_id = :p2) THEN 1 ELSE 0 END, COALESCE((SELECT ep_earned FROM "
           "user_daily_activity WHERE user_id = :u2 AND activity_date = " +
           d.date_in(":d") + "), 0), k.fingerprint, " + d.ts_out("k.created_at") +
           ", k.status, k.previous_total_ep, k.total_ep, k.previous_streak_days, k.streak_days, "
           "k.daily_ep, k.daily_goal_ep, k.unlocked, up.language_target_id, "
           "COALESCE(ls.desired_retention, :retention), ls.weights, m.phase, m.stability, "
           "m.difficulty, " +
           d.ts_out("m.last_review_at") + ", " + d.ts_out("m.due_at") +
           ", m.step, m.reps, m.lapses FROM (SELECT 1 AS one) o "
           "LEFT JOIN pairs p ON p.id = :p3 LEFT JOIN users_public up ON up.user_id = :u3 "
           "LEFT JOIN idempotency_keys k ON k.user_id = :u4 AND k.key = :k "
           "LEFT JOIN learning_settings ls ON ls.user_id = :u5 "
           "LEFT JOIN card_memory m ON m.user_id = :u6 AND m.language_id = "
           "up.language_target_id AND m.pair_id = :p4";
}

// One prepared read; its bound members are refilled for every booking.
struct BookingRead {
    // in
    long long user = 0, pair = 0;
    std::string today, key;
    indicator key_ind = soci::i_null;
    // out
    std::string answer_type, categories, last_date, zone, fingerprint, stored_at, status, unlocked;
    indicator type_ind{}, categories_ind{}, profile_ind{}, last_ind{}, zone_ind{}, key_found_ind{},
        status_ind{}, unlocked_ind{};
    long long version = 0, total = 0, next_ep = 0, next_streak = 0, daily = 0;
    int streak = 0, goal = kDefaultDailyGoal, practised = 0;
    long long k_previous_total = 0, k_total = 0, k_daily = 0;
    int k_previous_streak = 0, k_streak = 0, k_goal = kDefaultDailyGoal;
    indicator k_ind[6]{};
    indicator profile_col[5]{}, stored_at_ind{};  // NULL without a profile or a record
    // The learner's language, retention and fitted parameters, the card's memory in that
    // language.
    double default_retention = LearningSettings{}.desired_retention;
    long long language = 0;
    double retention = 0, stability = 0, difficulty = 0;
    int phase = 0, step = 0, reps = 0, lapses = 0;
    std::string weights, last_review, due;
    indicator language_ind{}, retention_ind{}, weights_ind{}, memory_ind{}, memory_col[7]{};
    soci::statement st;

    BookingRead(soci::session& s, const DialectSql& d)
        : st((s.prepare << read_sql(d), soci::use(pair), soci::use(user), soci::use(pair),
              soci::use(user), soci::use(today), soci::use(default_retention), soci::use(pair),
              soci::use(user), soci::use(user), soci::use(key, key_ind), soci::use(user),
              soci::use(user), soci::use(pair), soci::into(answer_type, type_ind),
              soci::into(categories, categories_ind), soci::into(version, profile_ind),
              soci::into(total, profile_col[0]), soci::into(streak, profile_col[1]),
              soci::into(goal, profile_col[2]), soci::into(last_date, last_ind),
              soci::into(next_ep, profile_col[3]), soci::into(next_streak, profile_col[4]),
              soci::into(zone, zone_ind), soci::into(practised), soci::into(daily),
              soci::into(fingerprint, key_found_ind), soci::into(stored_at, stored_at_ind),
              soci::into(status, status_ind), soci::into(k_previous_total, k_ind[0]),
              soci::into(k_total, k_ind[1]), soci::into(k_previous_streak, k_ind[2]),
              soci::into(k_streak, k_ind[3]), soci::into(k_daily, k_ind[4]),
              soci::into(k_goal, k_ind[5]), soci::into(unlocked, unlocked_ind),
              soci::into(language, language_ind), soci::into(retention, retention_ind),
              soci::into(weights, weights_ind), soci::into(phase, memory_ind),
              soci::into(stability, memory_col[0]), soci::into(difficulty, memory_col[1]),
              soci::into(last_review, memory_col[2]), soci::into(due, memory_col[3]),
              soci::into(step, memory_col[4]), soci::into(reps, memory_col[5]),
              soci::into(lapses, memory_col[6]))) {}
};

std::vector<Id> parse_ids(const std::string& text) {
    std::vector<Id> out;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        Id id = 0;
        const auto [next, ec] = std::from_chars(p, end, id);
        if (ec == std::errc()) out.push_back(id);
        p = next;
        while (p < end && *p == ',') ++p;
        if (ec != std::errc()) break;
    }
    return out;
}

StoredBooking stored_booking(const BookingRead& r) {
    const auto number = [&](int i, long long value) {
        return r.k_ind[i] == soci::i_ok ? value : 0;
    };
    StoredBooking stored;
    stored.fingerprint = r.fingerprint;
    stored.stored_at = parse_timestamp(r.stored_at).value_or(Timestamp{});
    BookingOutcome& out = stored.outcome;
    out.status = r.status_ind == soci::i_ok ? status_from_text(r.status) : BookingStatus::booked;
    out.previous_total_ep = number(0, r.k_previous_total);
    out.total_ep = number(1, r.k_total);
    out.previous_streak_days = static_cast<std::int32_t>(number(2, r.k_previous_streak));
    out.streak_days = static_cast<std::int32_t>(number(3, r.k_streak));
    out.daily_ep = number(4, r.k_daily);
    out.daily_goal_ep = r.k_ind[5] == soci::i_ok ? r.k_goal : kDefaultDailyGoal;
    // Achievements date from the booking that unlocked them: the record's own time.
    if (r.unlocked_ind == soci::i_ok)
        out.unlocked = unlocked_from_json(r.unlocked, stored.stored_at);
    return stored;
}

// The card's memory as stored (the REAL columns come back as the floats the booking wrote).
fsrs::MemoryState stored_memory(const BookingRead& r) {
    fsrs::MemoryState m;
    m.phase = static_cast<fsrs::Phase>(r.phase);
    m.stability = r.stability;
    m.difficulty = r.difficulty;
    m.last_review = parse_timestamp(r.last_review);
    m.due = parse_timestamp(r.due).value_or(Timestamp{});
    m.step = r.step;
    m.reps = r.reps;
    m.lapses = r.lapses;
    return fsrs::stored_precision(m);
}

BookingState read_state(Database& db, soci::session& s, const DialectSql& d,
                        const BookingCommand& c) {
    BookingRead& r = db.cached<BookingRead>(
        s, [&](soci::session& session) { return std::make_shared<BookingRead>(session, d); });
    r.user = c.user_id;
    r.pair = c.pair_id;
    r.today = format_date(c.today);
    if (c.idempotency) {
        r.key = c.idempotency->key;
        r.key_ind = soci::i_ok;
    } else {
        r.key.clear();
        r.key_ind = soci::i_null;
    }
    r.type_ind = r.categories_ind = r.profile_ind = r.last_ind = r.zone_ind = r.key_found_ind =
        soci::i_null;
    r.status_ind = r.unlocked_ind = r.memory_ind = r.weights_ind = soci::i_null;
    r.st.execute(true);
    finish_row(r.st);

    BookingState state;
    if (r.type_ind == soci::i_ok) {
        state.answer_type = r.answer_type;
        if (r.categories_ind == soci::i_ok) state.categories = parse_ids(r.categories);
    }
    if (r.profile_ind == soci::i_ok) {
        state.profile = BookingProfile{
            r.version,
            r.total,
            r.streak,
            r.goal,
            r.last_ind == soci::i_ok ? parse_date(r.last_date) : std::nullopt,
            r.next_ep,
            r.next_streak,
            r.zone_ind == soci::i_ok ? std::optional<std::string>{r.zone} : std::nullopt,
            r.language,
            r.retention,
            r.weights_ind == soci::i_ok ? weights_from_text(r.weights) : std::nullopt};
    }
    if (r.memory_ind == soci::i_ok) state.memory = stored_memory(r);
    state.pair_practised = r.practised != 0;
    state.daily_ep = r.daily;
    if (r.key_found_ind == soci::i_ok) state.stored = stored_booking(r);
    return state;
}

}  // namespace

BookingState read_booking(Database& db, soci::session& s, const DialectSql& d,
                          const BookingCommand& c, bool with_pending) {
    BookingState state = read_state(db, s, d, c);
    if (with_pending) {
        state.pending.emplace();
        for (auto& row : definitions_for(s, d, c.user_id)) {
            if (!row.unlocked_at) state.pending->push_back(std::move(row.definition));
        }
    }
    return state;
}

BookingState load_booking(Database& db, const DialectSql& d, const BookingCommand& c,
                          bool with_pending) {
    if (!with_pending) return db.read([&](soci::session& s) { return read_state(db, s, d, c); });
    return db.snapshot([&](soci::session& s) { return read_booking(db, s, d, c, true); });
}

}  // namespace ll::sql
