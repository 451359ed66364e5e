#include "core/app/learning/answers.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/app/book_progress_batch.hpp"
#include "core/app/learning/answer_texts.hpp"
#include "core/app/learning/exercises.hpp"
#include "core/domain/fields.hpp"
#include "core/domain/rules.hpp"
#include "core/domain/time_format.hpp"
#include "core/domain/utf8.hpp"

namespace ll {

namespace {

bool present(const LooseValue& v) {
    return v.kind != LooseValue::Kind::missing && v.kind != LooseValue::Kind::null;
}

// A field that is either absent (missing or null) or read by `read` into `out`.
template <typename T, typename Read>
void optional_field(Decoder& d, std::optional<T>& out, const LooseValue& v, Read&& read) {
    if (present(v))
        d.read(out, [&]() -> Result<std::optional<T>> {
            auto got = read(v);
            if (!got) return got.error();
            return std::optional<T>(std::move(got.value()));
        });
}

// The word offered as the wrong choice `choice` of the learner's card, among the candidates its
// exercise draws wrong choices from (exercises.hpp): the question's distractors, then the pool;
// nullopt when none is (a choice id from another day's pool, or made up).
std::optional<Id> picked_word(const AnswerPorts& ports, const AnswerKey& key, Id user_id,
                              const std::string& choice) {
    const auto is_choice = [&](const AnswerWord& w) {
        return word_choice_id(ports.secrets, user_id, key.pair_id, w.word_id) == choice;
    };
    for (const auto& w : key.distractors)
        if (is_choice(w)) return w.word_id;
    // The pool, also for a card with enough distractors of its own: one may have no text in
    // the learner's language, and the exercise then fills up from the pool. Two reads, on a
    // wrong answer only.
    std::vector<Id> answer_ids;
    for (const auto& w : key.answers) answer_ids.push_back(w.word_id);
    for (const auto& [answer, w] : ports.answer_keys.category_words(answer_ids, kPoolPerWord))
        if (is_choice(w)) return w.word_id;
    for (const auto& w : ports.answer_keys.some_words(kPoolOthers))
        if (is_choice(w)) return w.word_id;
    return std::nullopt;
}

// The answer graded as if the learner practised `lang`: correct, near_miss, expected, rating and
// points; nullopt when the card has nothing to grade it against in that language. A word
// choice's verdict is the same in every language (its ids name words): `word_choice_right`,
// nullopt for a card without answer words. A typed text comes folded (`folded_text`): folding
// knows no language, so it is done once for all of them.
std::optional<AnswerOutput> grade_in(const AnswerPorts& ports, const AnswerKey& key,
                                     const AnswerRequest& in, std::optional<bool> word_choice_right,
                                     std::string_view folded_text, std::string_view lang) {
    AnswerOutput out;
    grading::Verdict verdict = grading::Verdict::wrong;
    if (in.rating) {
        out.rating = *in.rating;
        verdict =
            out.rating == fsrs::Rating::again ? grading::Verdict::wrong : grading::Verdict::correct;
    } else {
        const auto accepted = accepted_texts(key, lang, ports.folding);
        if (!accepted.empty()) out.expected = accepted.front().shown;
        if (in.choice_id) {
            std::optional<bool> right = word_choice_right;
            if (key.answer_type == "yes_no") {
                const auto truth = yes_no_truth(key, lang, ports.folding);
                if (truth) right = yes_no_choice_right(*in.choice_id, *truth);
            }
            if (!right) return std::nullopt;
            verdict = *right ? grading::Verdict::correct : grading::Verdict::wrong;
        } else {
            if (accepted.empty()) return std::nullopt;
            const auto grade =
                grading::grade_text(grading::normal_form(folded_text, lang), accepted);
            verdict = grade.verdict;
            if (!grade.expected.empty()) out.expected = grade.expected;
        }
        out.rating = grading::rating_for(verdict);
    }
    out.correct = verdict != grading::Verdict::wrong;
    out.near_miss = verdict == grading::Verdict::near_miss;
    out.points = grading::points_for(key.answer_type, key.level, out.rating);
    return out;
}

// The answer as sent, whatever the language, for a key's record: the same key with another
// answer is refused, not replayed. Made only for an answer that carries a key.
std::string answer_fingerprint(const AnswerRequest& in) {
    std::string out = fmt::format("answer;pair={};", in.pair_id);
    if (in.rating) {
        out += fmt::format("rating={}", static_cast<int>(*in.rating));
    } else if (in.choice_id) {
        out += "choice=" + *in.choice_id;
    } else {
        // Its length first: no text can spell another field into the fingerprint.
        out += fmt::format("text={}:{}", in.text->size(), *in.text);
    }
    if (in.answered_at) out += ";at=" + format_timestamp(*in.answered_at);
    return out;
}

}  // namespace

Result<AnswerRequest> decode_answer(const LooseValue& body,
                                    std::optional<std::string> idempotency_key) {
    AnswerRequest r;
    Decoder d(body);
    d.read(r.pair_id, [&] { return booked_pair_id(body["pair_id"]); });
    const int kinds = (present(body["choice_id"]) ? 1 : 0) + (present(body["text"]) ? 1 : 0) +
                      (present(body["rating"]) ? 1 : 0);
    d.refuse_if(kinds != 1, errors::answer_kind_invalid());
    optional_field(
        d, r.choice_id, body["choice_id"], [](const LooseValue& c) -> Result<std::string> {
            if (!c.is_string() ||
                (c.string != kYesChoice && c.string != kNoChoice && !is_word_choice_id(c.string)))
                return errors::choice_id_invalid();
            return c.string;
        });
    optional_field(d, r.text, body["text"], [](const LooseValue& t) -> Result<std::string> {
        if (!t.is_string() || !utf8::storable_text(t.string) ||
            code_point_count(t.string) > fields::kTitleMax || blank(t.string))
            return errors::answer_text_invalid();
        return t.string;
    });
    optional_field(d, r.rating, body["rating"], [](const LooseValue& v) -> Result<fsrs::Rating> {
        const auto rating = v.kind == LooseValue::Kind::integer
                                ? fsrs::rating_from_number(v.integer)
                                : std::nullopt;
        if (!rating) return errors::rating_invalid();
        return *rating;
    });
    optional_field(d, r.client_id, body["client_id"], read_client_id);
    optional_field(d, r.answered_at, body["answered_at"], read_answered_at);
    d.refuse_if(idempotency_key && !valid_key(*idempotency_key), errors::invalid_idempotency_key());
    r.idempotency_key = std::move(idempotency_key);
    return d.done(std::move(r));
}

Result<AnswerOutput> answer_card(const AnswerPorts& ports, Id user_id, const AnswerRequest& in) {
    const auto key = ports.answer_keys.answer_key(in.pair_id);
    if (!key) return errors::pair_not_found();
    if ((key->answer_type == "text") != in.rating.has_value())
        return errors::answer_kind_not_for_card();

    // For a word choice, whatever the language: whether it is right and which wrong choice it
    // was.
    std::optional<bool> word_choice_right;
    std::optional<Id> distractor;  // the word of a wrong choice picked
    if (in.choice_id) {
        const std::string& choice = *in.choice_id;
        const bool yes_no = key->answer_type == "yes_no";
        if (yes_no == is_word_choice_id(choice)) return errors::choice_id_invalid();
        if (!yes_no && !key->answers.empty()) {
            word_choice_right = names_answer_word(*key, choice, [&](Id word) {
                return word_choice_id(ports.secrets, user_id, key->pair_id, word);
            });
            if (!*word_choice_right) distractor = picked_word(ports, *key, user_id, choice);
        }
    }

    // The grade in a language, graded once: the booking reads which language the learner
    // practises and asks for the grade in it, so that grading costs no read of the profile of
    // its own and no work in the other languages.
    const auto languages = ports.languages.list_published();
    const std::string folded_text = in.text ? ports.folding.fold(*in.text) : std::string();
    std::map<Id, std::optional<AnswerOutput>> graded;
    const auto graded_in = [&](Id language) -> const std::optional<AnswerOutput>& {
        auto it = graded.find(language);
        if (it == graded.end()) {
            std::optional<AnswerOutput> grade;  // none in a language not published
            const auto l = std::find_if(languages.begin(), languages.end(),
                                        [&](const Language& p) { return p.id == language; });
            if (l != languages.end())
                grade = grade_in(ports, *key, in, word_choice_right, folded_text, l->short_en);
            it = graded.emplace(language, std::move(grade)).first;
        }
        return it->second;
    };

    // The booking, as POST /auth/progress (or a batch item, with answered_at) books it.
    const Timestamp now = ports.clock.now();
    BookingCommand command;
    command.user_id = user_id;
    command.pair_id = in.pair_id;
    command.points_gap = kGradedPointsGap;
    command.grade = [&](Id language) -> std::optional<BookedAnswer> {
        const auto& grade = graded_in(language);
        if (!grade) return std::nullopt;
        return BookedAnswer{grade->correct, grade->points, grade->rating, distractor};
    };
    command.now = now;
    std::optional<Error> refused;
    if (in.answered_at) {
        command.now = *in.answered_at;
        command.recorded_at = now;
        const auto account = ports.accounts.find_by_id(user_id);
        refused = answered_at_out_of_window(
            command.now, now,
            account && account->created_at ? *account->created_at : Timestamp::min());
        // Out of the window, a client_id may still replay; without one there is nothing to do.
        if (refused && !in.client_id) return *refused;
        command.replay_only = refused.has_value();
    }
    const bool by_client_id = in.client_id.has_value();
    if (by_client_id || in.idempotency_key) {
        // The answer as sent: the same id with another answer is refused, not replayed.
        command.idempotency = IdempotencyKey{
            by_client_id ? kBatchClientIdPrefix + *in.client_id : *in.idempotency_key,
            answer_fingerprint(in),
            now - (by_client_id
                       ? std::chrono::duration_cast<Timestamp::duration>(kBatchClientIdLifetime)
                       : std::chrono::duration_cast<Timestamp::duration>(kIdempotencyKeyLifetime))};
    }
    const BookingOutcome outcome = book_card_in_zone(ports.progress, ports.clock, command);
    if (outcome.status == BookingStatus::not_stored && refused) return *refused;
    // The points booked (0 within the gap), as stored: a replay gives the first answer's.
    const Ep booked_points = outcome.total_ep - outcome.previous_total_ep;
    auto booked = progress_answer(
        outcome, booked_points,
        by_client_id ? errors::client_id_reused() : errors::idempotency_key_reused());
    if (!booked) return booked.error();
    // The grade the booking took: its language's (a replay's, the language the learner
    // practises now).
    const auto& grade = graded_in(outcome.language);
    if (!grade)
        return outcome.language == 0 ? errors::no_profile_for_progress()
                                     : errors::card_has_no_answer();
    AnswerOutput out = *grade;
    out.points = booked_points;
    out.memory = outcome.memory;
    out.booking = std::move(booked.value());
    return out;
}

template <>
Result<AnswerBatchRequest> decode<AnswerBatchRequest>(const LooseValue& body) {
    return decode_batch<AnswerRequest>(body, [](const LooseValue& item) -> Result<AnswerRequest> {
        // client_id and answered_at are required of an item, and checked first.
        if (auto client_id = read_client_id(item["client_id"]); !client_id)
            return client_id.error();
        if (auto at = read_answered_at(item["answered_at"]); !at) return at.error();
        return decode_answer(item, std::nullopt);
    });
}

std::vector<AnswerBatchItem> answer_cards_batch(const AnswerPorts& ports, Id user_id,
                                                const AnswerBatchRequest& request) {
    std::vector<AnswerBatchItem> results(request.items.size());
    // The items that were read, in answered_at order (ties in the order sent).
    std::vector<std::pair<Timestamp, std::size_t>> order;
    for (std::size_t i = 0; i < request.items.size(); ++i) {
        const auto& item = request.items[i];
        results[i].client_id = item.client_id;
        if (!item.read) {
            results[i].result = item.read.error();
            continue;
        }
        order.emplace_back(*item.read.value().answered_at, i);
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [at, i] : order)
        results[i].result = answer_card(ports, user_id, request.items[i].read.value());
    return results;
}

}  // namespace ll
