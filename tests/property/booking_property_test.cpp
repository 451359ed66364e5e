// One property across the three stores (docs/testing.md "The booking property test"):
// the same generated booking sequences give the same answers and the same stored state on
// memory, SQLite and PostgreSQL. The rules are decided once, in core/domain/booking.cpp; this
// test shows that no store adds, drops or changes one.
//
// A sequence is one fresh learner (now and then one without a profile) answering cards from
// an instant a few days around a daylight-saving change in Europe/Berlin, with steps of
// seconds to two days, points 0 to 1000, keys new, replayed (the same request) or reused (another
// request), while the daily goal changes, achievement definitions are changed or added, an
// unlock is revoked, the learner switches the target language, and staff recategorise or retype
// a pair; some answers carry the learner's
// own rating. The cards' memory and the review log are compared too, and each store's memory
// must be the memory model folded over its review log. Every step goes to the three
// stores in the same order; the answers are compared at every step, the stored state (profile,
// the days, the statistics, the achievements) at the end of every sequence. Then concurrent
// bookings of one learner, from two "processes" on the SQL stores, end in the same state too.
//
// LL_PROPERTY_SEQUENCES (default 2000) and LL_PROPERTY_SEED (default 20261125) set the run.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <map>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "adapters/clock/system_clock.hpp"
#include "core/app/book_progress.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"
#include "tests/support/test_backends.hpp"

using namespace ll;

namespace {

constexpr const char* kStores[] = {"memory", "sqlite", "postgresql"};
constexpr const char* kAnswerTypes[] = {"word", "question", "text", "yes_no"};
constexpr int kPairs = 6;

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

// The day boundary of the learners' zone: the streak and the daily rows follow it.
const SystemClock& berlin() {
    static const SystemClock clock("Europe/Berlin");
    return clock;
}

// The store's answer to a booking, as text: equal text, equal answer.
std::string describe(const BookingOutcome& o) {
    std::string out =
        fmt::format("status={} replayed={} total={}<-{} streak={}<-{} daily={} goal={} unlocked=[",
                    static_cast<int>(o.status), o.replayed, o.total_ep, o.previous_total_ep,
                    o.streak_days, o.previous_streak_days, o.daily_ep, o.daily_goal_ep);
    for (const auto& a : o.unlocked) {
        out += fmt::format("{}:{}@{} ", a.definition.id, a.definition.threshold,
                           format_timestamp(a.unlocked_at));
    }
    return out + "]";
}

// One database of each store, with the same pairs.
struct Store {
    std::unique_ptr<test::TestDatabase> db;
    StorageBackend& b;
    std::vector<Id> pairs;

    explicit Store(const std::string& name)
        : db(test::make_test_database(name, 4)), b(db->backend()) {
        for (int i = 0; i < kPairs; ++i) {
            pairs.push_back(b.content_seeder().add_pair(
                SeedPair{kAnswerTypes[i % 4], "published", {Id(1 + i % 3), Id(4 + i % 2)}}));
        }
    }

    // Everything stored about the learner that a booking writes, as text.
    // `in_order`: the bookings went to every store in the same order, so the cards' memory
    // (which depends on the order) is compared too; concurrent bookings check it only against
    // each store's own review log.
    std::string state(Id user, Date from, Date to, bool in_order = true) {
        std::string out;
        if (const auto p = b.profiles().find_by_user(user)) {
            out += fmt::format("profile total={} streak={} goal={} last={}\n", p->total_ep,
                               p->streak_days, p->daily_goal_ep,
                               p->last_practice_at ? format_timestamp(*p->last_practice_at) : "-");
        }
        auto snap = b.stats().load(user, from, to);
        std::sort(snap.daily.begin(), snap.daily.end(),
                  [](const auto& a, const auto& b) { return a.date < b.date; });
        for (const auto& d : snap.daily) {
            out += fmt::format("day {} ep={} cards={} correct={}\n", format_date(d.date), d.ep,
                               d.cards, d.correct);
        }
        out += fmt::format("pairs={} seen={} correct={}\n", snap.pairs_practiced, snap.total_seen,
                           snap.total_correct);
        std::map<std::string, std::pair<std::int64_t, std::int64_t>> types;
        for (const auto& t : snap.by_answer_type) {
            if (t.seen > 0) types[t.answer_type] = {t.seen, t.correct};
        }
        for (const auto& [type, n] : types)
            out += fmt::format("type {} {}/{}\n", type, n.second, n.first);
        std::map<Id, std::pair<Ep, std::int64_t>> categories;
        for (const auto& c : snap.categories) {  // GET /auth/stats shows those with points
            if (c.points > 0) categories[c.id] = {c.points, c.seen};
        }
        for (const auto& [id, n] : categories)
            out += fmt::format("category {} {}/{}\n", id, n.first, n.second);
        for (const auto& a : b.achievements().list_for_user(user)) {
            if (a.unlocked_at) {
                out += fmt::format("unlocked {} at {}\n", a.definition.id,
                                   format_timestamp(*a.unlocked_at));
            }
        }
        const std::string memory_text = memory(user);
        return in_order ? out + memory_text : out;
    }

    // The cards' memory and the review log, as text; and the learning engine's invariant: each
    // stored memory is the memory model folded over that card's lines of the log, in booking
    // order (pair ids differ between stores: by index into `pairs`).
    std::string memory(Id user) {
        const auto records = b.learner_data().read_all(user);
        if (!records) return "";
        const auto index = [&](Id pair) {
            return std::find(pairs.begin(), pairs.end(), pair) - pairs.begin();
        };
        std::string out;
        std::map<std::pair<Id, Id>, fsrs::MemoryState> folded;
        for (const auto& line : records->reviews) {
            const ReviewRecord& r = line.review;
            out += fmt::format("review pair#{} lang={} at={} rating={} elapsed={} r={} s={} d={}\n",
                               index(line.pair_id), r.language, format_timestamp(r.reviewed_at),
                               static_cast<int>(r.rating), r.elapsed_days.value_or(-1),
                               r.retrievability, r.stability, r.difficulty);
            auto& state = folded[{r.language, line.pair_id}];
            state = fsrs::stored_precision(
                fsrs::review(state, r.reviewed_at, r.rating, fsrs::kDefaultParameters, 0.9));
        }
        std::map<std::pair<Id, Id>, fsrs::MemoryState> stored;
        for (const auto& m : records->memory) {
            stored[{m.language_id, m.pair_id}] = m.state;
            out += fmt::format(
                "memory pair#{} lang={} phase={} s={} d={} due={} reps={} lapses={}\n",
                index(m.pair_id), m.language_id, fsrs::phase_name(m.state.phase), m.state.stability,
                m.state.difficulty, format_timestamp(m.state.due), m.state.reps, m.state.lapses);
        }
        INFO(db->name() << ": the memory stored against the review log folded\n" << out);
        CHECK(stored == folded);
        return out;
    }
};

struct Stores {
    std::vector<std::unique_ptr<Store>> all;
    Stores() {
        for (const char* name : kStores) all.push_back(std::make_unique<Store>(name));
    }
    // Runs `f(store, index)` on each store in turn and answers what each gave.
    template <typename F>
    std::vector<std::string> each(F&& f) {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < all.size(); ++i) {
            const auto started = std::chrono::steady_clock::now();
            out.push_back(f(*all[i], i));
            spent[i] += std::chrono::steady_clock::now() - started;
        }
        return out;
    }
    std::chrono::steady_clock::duration spent[3]{};  // in each(), per store
};

// Every store gave what memory gave; on a difference the step and the three answers.
void require_same(const std::vector<std::string>& answers, const std::string& step) {
    INFO(step);
    for (std::size_t i = 1; i < answers.size(); ++i) {
        INFO(kStores[0] << ":\n" << answers[0] << "\n" << kStores[i] << ":\n" << answers[i]);
        REQUIRE(answers[i] == answers[0]);
    }
}

long long to_ms(std::chrono::steady_clock::duration d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
}

Timestamp at_second(std::int64_t epoch_seconds) {
    return Timestamp(std::chrono::seconds(epoch_seconds));
}

// A sent request, to send again (a retry under its key) or to spell differently (a reuse).
struct Sent {
    std::string key;
    int pair = 0;  // index into Store::pairs, or kPairs: an unknown pair
    bool correct = false;
    Ep points = 0;
    int rating = 0;  // 0: none sent (Good or Again by `correct`)
};

class Sequence {
  public:
    Sequence(Stores& stores, std::mt19937_64& rng, int number)
        : stores_(stores), rng_(rng), number_(number) {}

    void run() {
        const bool with_profile = pick(20) != 0;
        for (auto& s : stores_.all) {
            const Id id =
                s->b.accounts()
                    .create(NewAccount{fmt::format("p{}@example.com", number_), "h", "end-user"})
                    ->id;
            if (with_profile) {
                s->b.profiles().create(
                    NewProfile{id, fmt::format("p{}", number_), fmt::format("p{}", number_), 1, 3});
            }
            users_.push_back(id);
        }
        // A few days around a change of Europe/Berlin's offset (spring or autumn).
        constexpr std::int64_t kChanges[] = {1774746000, 1792890000, 1806195600};  // 01:00 UTC
        now_ = kChanges[pick(3)] - 3 * 86400 + static_cast<std::int64_t>(pick(6 * 86400));
        first_ = berlin().local_date(at_second(now_));
        const int steps = 4 + static_cast<int>(pick(12));
        for (int step = 0; step < steps; ++step) one_step(step);
        const Date last = berlin().local_date(at_second(now_));
        require_same(
            stores_.each([&](Store& s, std::size_t i) { return s.state(users_[i], first_, last); }),
            fmt::format("sequence {}: the stored state at its end", number_));
    }

  private:
    std::uint64_t pick(std::uint64_t n) { return rng_() % n; }

    void one_step(int step) {
        const auto roll = pick(100);
        if (roll < 70) return book(step);
        if (roll < 74) return switch_language();
        if (roll < 80) return set_goal();
        if (roll < 88) return change_definition();
        if (roll < 93) return revoke();
        if (roll < 97) return recategorise();
        return retype();
    }

    // Seconds to two days later; now and then a retry a moment after.
    void advance() {
        switch (pick(5)) {
            case 0:
                now_ += static_cast<std::int64_t>(pick(120));
                break;
            case 1:
                now_ += static_cast<std::int64_t>(pick(4 * 3600));
                break;
            case 2:
                now_ += static_cast<std::int64_t>(pick(26 * 3600));
                break;
            case 3:
                now_ += 86400 + static_cast<std::int64_t>(pick(3600)) - 1800;
                break;
            default:
                now_ += static_cast<std::int64_t>(pick(49 * 3600));
                break;
        }
    }

    void book(int step) {
        advance();
        Sent request{"", static_cast<int>(pick(kPairs + 1)), pick(3) != 0,
                     pick(10) == 0 ? kMaxPointsPerCard : static_cast<Ep>(pick(60))};
        // Now and then the learner's own rating (one that agrees with `correct`).
        if (pick(3) == 0) request.rating = request.correct ? 2 + static_cast<int>(pick(3)) : 1;
        const auto key_roll = pick(10);
        if (key_roll < 4) {
            request.key = fmt::format("k{}-{}", number_, step);
        } else if (key_roll < 8 && !sent_.empty()) {
            request = sent_[pick(sent_.size())];  // the same request again under its key
            if (key_roll == 7) request.points = (request.points + 1) % 60;  // or another one
        }
        if (!request.key.empty()) sent_.push_back(request);
        const Timestamp now = at_second(now_);
        const Date today = berlin().local_date(now);
        require_same(stores_.each([&](Store& s, std::size_t i) {
            BookingCommand c{users_[i],
                             request.pair < kPairs ? s.pairs[request.pair] : 999999,
                             request.correct,
                             request.points,
                             now,
                             today};
            if (request.rating) c.rating = fsrs::rating_from_number(request.rating);
            if (!request.key.empty()) {
                c.idempotency =
                    IdempotencyKey{request.key,
                                   fmt::format("{}/{}/{}/{}", request.pair, request.correct,
                                               request.points, request.rating),
                                   now - kIdempotencyKeyLifetime};
            }
            return describe(book_card(s.b.progress(), c));
        }),
                     fmt::format("sequence {} step {}: booking at {} ({} in Berlin)", number_, step,
                                 format_timestamp(now), format_date(today)));
    }

    // The learner practises English or Swedish (native German): the cards' memory is per
    // language.
    void switch_language() {
        const Id language = pick(2) == 0 ? 2 : 3;
        for (std::size_t i = 0; i < stores_.all.size(); ++i)
            stores_.all[i]->b.profiles().set_target_language(users_[i], language);
    }

    void set_goal() {
        const auto goal = static_cast<std::int32_t>(5 + pick(100));
        for (std::size_t i = 0; i < stores_.all.size(); ++i)
            stores_.all[i]->b.profiles().set_daily_goal(users_[i], goal);
    }

    // A definition's threshold changed, or a new one added (shared by every learner).
    void change_definition() {
        auto definitions = stores_.all[0]->b.achievements().list_for_user(users_[0]);
        AchievementDefinition d;
        if (pick(3) == 0 || definitions.empty()) {
            d = AchievementDefinition{fmt::format("prop_{}_{}", number_, pick(1000)),
                                      pick(2) ? "ep" : "streak",
                                      0,
                                      "Neu",
                                      "New",
                                      "Ny",
                                      100};
        } else {
            d = definitions[pick(definitions.size())].definition;
        }
        d.threshold = d.kind == "ep" ? static_cast<std::int64_t>(1 + pick(3000))
                                     : static_cast<std::int64_t>(1 + pick(5));
        for (auto& s : stores_.all) s->b.achievements().save_definition(d);
    }

    void revoke() {
        std::vector<std::string> unlocked;
        for (const auto& a : stores_.all[0]->b.achievements().list_for_user(users_[0])) {
            if (a.unlocked_at) unlocked.push_back(a.definition.id);
        }
        if (unlocked.empty()) return;
        const std::string id = unlocked[pick(unlocked.size())];
        for (std::size_t i = 0; i < stores_.all.size(); ++i)
            stores_.all[i]->b.achievements().revoke(users_[i], id);
    }

    // Staff move a pair to other categories, as core/app/authoring/pairs.cpp does.
    void recategorise() {
        const auto pair = pick(kPairs);
        std::vector<Id> categories;
        for (Id c = 1; c <= 6; ++c) {
            if (pick(3) == 0) categories.push_back(c);
        }
        for (auto& s : stores_.all) {
            s->b.content().write([&](ContentTx& tx) {
                tx.withdraw_pair_statistics(s->pairs[pair], PairStatistics::categories);
                tx.set_pair_categories(s->pairs[pair], categories);
                tx.restore_pair_statistics(s->pairs[pair], PairStatistics::categories);
            });
        }
    }

    void retype() {
        const auto pair = pick(kPairs);
        const std::string type = kAnswerTypes[pick(4)];
        for (auto& s : stores_.all) {
            s->b.content().write([&](ContentTx& tx) {
                Pair p = *tx.pair(s->pairs[pair]);
                p.answer_type = type;
                tx.withdraw_pair_statistics(p.id, PairStatistics::answer_type);
                tx.update_pair(p);
                tx.restore_pair_statistics(p.id, PairStatistics::answer_type);
            });
        }
    }

    Stores& stores_;
    std::mt19937_64& rng_;
    int number_;
    std::vector<Id> users_;  // the learner, per store
    std::int64_t now_ = 0;   // seconds since the epoch
    Date first_{};
    std::vector<Sent> sent_;
};

// Counts the writes a store refused as stale (how often a booking had to decide again), and
// the bookings that went on under the learner's lock.
class CountingStore final : public ProgressStore {
  public:
    explicit CountingStore(ProgressStore& inner) : inner_(inner) {}
    BookingState load_booking(const BookingCommand& c, bool with_pending) override {
        return inner_.load_booking(c, with_pending);
    }
    bool store_booking(const BookingWrite& w) override { return counted(inner_.store_booking(w)); }
    BookingOutcome book_locked(Id user_id,
                               const std::function<BookingOutcome(BookingAccess&)>& work) override {
        ++locked;
        return inner_.book_locked(user_id, [&](BookingAccess& held) {
            Counted view(*this, held);
            return work(view);
        });
    }
    std::int64_t purge_idempotency_keys(Timestamp cutoff) override {
        return inner_.purge_idempotency_keys(cutoff);
    }
    std::int64_t purge_batch_client_ids(Timestamp cutoff) override {
        return inner_.purge_batch_client_ids(cutoff);
    }
    ReviewPurgeStep purge_reviews(Timestamp cutoff, Id after_user, int learners) override {
        return inner_.purge_reviews(cutoff, after_user, learners);
    }
    std::atomic<int> conflicts{0}, locked{0};
    static thread_local int conflicts_on_this_thread;

  private:
    struct Counted final : BookingAccess {
        Counted(CountingStore& store, BookingAccess& held) : store(store), held(held) {}
        BookingState load_booking(const BookingCommand& c, bool with_pending) override {
            return held.load_booking(c, with_pending);
        }
        bool store_booking(const BookingWrite& w) override {
            return store.counted(held.store_booking(w));
        }
        CountingStore& store;
        BookingAccess& held;
    };

    bool counted(bool stored) {
        if (!stored) {
            ++conflicts;
            ++conflicts_on_this_thread;
        }
        return stored;
    }

    ProgressStore& inner_;
};

thread_local int CountingStore::conflicts_on_this_thread = 0;

}  // namespace

TEST_CASE("booking property: memory, SQLite and PostgreSQL answer and store alike",
          "[booking][property]") {
    const auto sequences = static_cast<int>(env_number("LL_PROPERTY_SEQUENCES", 2000));
    const auto seed = env_number("LL_PROPERTY_SEED", 20261125);
    std::mt19937_64 rng(seed);
    // Fresh databases every 100 sequences: staff changes touch every learner of a pair, and a
    // database of thousands of learners would make the run quadratic.
    constexpr int kSequencesPerDatabase = 100;
    std::unique_ptr<Stores> stores;
    std::chrono::steady_clock::duration spent[3]{};
    for (int n = 0; n < sequences; ++n) {
        if (n % kSequencesPerDatabase == 0) {
            if (stores) std::transform(spent, spent + 3, stores->spent, spent, std::plus<>());
            stores = std::make_unique<Stores>();
        }
        INFO("LL_PROPERTY_SEED=" << seed << ", sequence " << n);
        Sequence(*stores, rng, n).run();
    }
    std::transform(spent, spent + 3, stores->spent, spent, std::plus<>());
    WARN(
        fmt::format("{} sequences (seed {}) alike on the three stores; bookings and reads took "
                    "{} / {} / {} ms on memory / SQLite / PostgreSQL",
                    sequences, seed, to_ms(spent[0]), to_ms(spent[1]), to_ms(spent[2])));
}

TEST_CASE("booking property: concurrent bookings of one learner end alike on every store",
          "[booking][property][concurrency]") {
    constexpr int kThreads = 6, kPerThread = 40;
    const Timestamp now = *parse_timestamp("2026-10-25T00:30:00Z");
    const Date today = berlin().local_date(now);
    std::vector<std::string> states;
    for (const char* name : kStores) {
        Store store(name);
        std::unique_ptr<StorageBackend> second;
        if (std::string(name) != "memory") second = test::open_again(*store.db, 4);
        const Id user =
            store.b.accounts().create(NewAccount{"ada@example.com", "h", "end-user"})->id;
        store.b.profiles().create(NewProfile{user, "ada", "ada", 1, 3});
        CountingStore first_process(store.b.progress());
        std::unique_ptr<CountingStore> second_process;
        if (second) second_process = std::make_unique<CountingStore>(second->progress());
        std::vector<std::thread> threads;
        std::atomic<int> refused{0}, most_tries{0};
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
                CountingStore& progress =
                    t % 2 == 1 && second_process ? *second_process : first_process;
                for (int i = 0; i < kPerThread; ++i) {
                    // Every third request is sent twice under its key, by two threads.
                    const int n = i % 3 == 0 ? i : t * kPerThread + i;
                    BookingCommand c{user,       store.pairs[static_cast<std::size_t>(n % kPairs)],
                                     n % 4 != 0, static_cast<Ep>(n % 17),
                                     now,        today};
                    c.idempotency = IdempotencyKey{fmt::format("c{}", n), fmt::format("{}", n),
                                                   now - kIdempotencyKeyLifetime};
                    CountingStore::conflicts_on_this_thread = 0;
                    if (book_card(progress, c).status != BookingStatus::booked) ++refused;
                    int seen = most_tries;
                    while (seen < CountingStore::conflicts_on_this_thread + 1 &&
                           !most_tries.compare_exchange_weak(
                               seen, CountingStore::conflicts_on_this_thread + 1)) {
                    }
                }
            });
        }
        for (auto& t : threads) t.join();
        CHECK(refused == 0);
        const int conflicts =
            first_process.conflicts + (second_process ? second_process->conflicts.load() : 0);
        const int locked =
            first_process.locked + (second_process ? second_process->locked.load() : 0);
        WARN(
            fmt::format("{}: {} concurrent bookings, {} decided again after a conflict, {} "
                        "booked under the learner's lock, at most {} tries for one booking",
                        name, kThreads * kPerThread, conflicts, locked, most_tries.load()));
        // Under the lock no other booking comes between a read and its write: the try after
        // the unlocked ones is the last.
        CHECK(most_tries <= kUnlockedBookingAttempts + 1);
        states.push_back(store.state(user, today, today, false));
    }
    require_same(states, "concurrent bookings: the stored state");
}
