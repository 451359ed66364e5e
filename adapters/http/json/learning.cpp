#include "adapters/http/json/learning.hpp"

#include <charconv>

#include "adapters/http/json/batch.hpp"
#include "adapters/http/json/codec.hpp"
#include "adapters/http/json/learner.hpp"
#include "core/domain/time_format.hpp"

namespace ll::http {

namespace json = boost::json;

double stored_number(double value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, static_cast<float>(value)).ptr;
    double shortest = value;
    std::from_chars(text, end, shortest);
    return shortest;
}

json::object memory_json(const fsrs::MemoryState& m) {
    return json::object{{"phase", fsrs::phase_name(m.phase)},
                        {"due_at", format_timestamp(m.due)},
                        {"stability", stored_number(m.stability)},
                        {"difficulty", stored_number(m.difficulty)},
                        {"reps", m.reps},
                        {"lapses", m.lapses},
                        {"last_review_at", timestamp(m.last_review)}};
}

json::value parameters_json(const std::optional<FittedParameters>& fitted) {
    json::array weights;
    for (const double w : schedule_parameters(fitted)) weights.push_back(w);
    return json::object{{"fitted", fitted.has_value()},
                        {"weights", std::move(weights)},
                        {"reviews", fitted ? json::value(fitted->reviews) : json::value(nullptr)},
                        {"fitted_at", fitted ? json::value(format_timestamp(fitted->fitted_at))
                                             : json::value(nullptr)}};
}

json::value to_json(const CardMemoryRecord& record) {
    json::object out = memory_json(record.state);
    out["pair_id"] = record.pair_id;
    out["language_id"] = record.language_id;
    return out;
}

json::value to_json(const ReviewLogRecord& line) {
    const ReviewRecord& r = line.review;
    return json::object{
        {"pair_id", line.pair_id},
        {"language_id", r.language},
        {"reviewed_at", format_timestamp(r.reviewed_at)},
        {"rating", static_cast<int>(r.rating)},
        {"elapsed_days", r.elapsed_days ? json::value(*r.elapsed_days) : json::value(nullptr)},
        {"retrievability", stored_number(r.retrievability)},
        {"stability", stored_number(r.stability)},
        {"difficulty", stored_number(r.difficulty)},
        {"distractor_word_id", nullable(r.distractor_word_id)}};
}

json::value exercise_json(const Exercise& e) {
    json::array choices;
    for (const auto& c : e.choices) choices.push_back(json::object{{"id", c.id}, {"text", c.text}});
    json::value outline = nullptr;
    if (e.type == "word" && !e.outline.empty()) {
        outline = json::object{{"width", nullable(e.width)},
                               {"height", nullable(e.height)},
                               {"shapes", selections_json(e.outline)}};
    }
    return json::object{{"type", e.type},
                        {"prompt", nullable(e.prompt)},
                        {"choices", std::move(choices)},
                        {"accepts_text", e.accepts_text},
                        {"self_rated", e.self_rated},
                        {"outline", std::move(outline)}};
}

json::value to_json(const PracticeOutput& out) {
    json::array items;
    for (const auto& entry : out.entries) {
        json::object item = to_json(entry.item).as_object();
        json::value memory = nullptr;
        if (entry.memory) {
            json::object known = memory_json(*entry.memory);
            known["retrievability"] = stored_number(entry.retrievability);  // the queue's alone
            memory = std::move(known);
        }
        item["memory"] = std::move(memory);
        item["exercise"] = entry.exercise ? exercise_json(*entry.exercise) : json::value(nullptr);
        items.push_back(std::move(item));
    }
    return json::object{
        {"items", std::move(items)},
        {"due_now", out.due_now},
        {"due_today", out.due_today},
        {"new_left_today", out.new_left_today},
        {"next_due_at",
         out.next_due_at ? json::value(format_timestamp(*out.next_due_at)) : json::value(nullptr)}};
}

json::value to_json(const LearningOverview& overview) {
    json::object out = to_json(overview.settings).as_object();
    json::array languages;
    for (const auto& l : overview.languages) {
        languages.push_back(json::object{{"language_id", l.language_id},
                                         {"current", l.language_id == overview.current_language},
                                         {"cards", l.cards},
                                         {"due_now", l.due_now},
                                         {"reviews", l.reviews},
                                         {"last_review_at", timestamp(l.last_review_at)}});
    }
    out["languages"] = std::move(languages);
    out["parameters"] = parameters_json(overview.fitted);
    return out;
}

json::value to_json(const CardsOutput& out) {
    json::array cards;
    for (const auto& c : out.cards) {
        cards.push_back(json::object{{"pair_id", c.card.pair_id},
                                     {"language_id", c.card.language_id},
                                     {"memory", memory_json(c.card.state)},
                                     {"seen_count", c.seen},
                                     {"correct_count", c.correct},
                                     {"wrong_count", c.wrong},
                                     {"last_answered_at", timestamp(c.card.state.last_review)}});
    }
    return json::object{
        {"cards", std::move(cards)}, {"next_cursor", out.next_cursor}, {"has_more", out.has_more}};
}

json::value to_json(const AnswerOutput& out) {
    json::object o = to_json(out.booking).as_object();
    o.reserve(o.size() + 6);  // the fields below, without a rehash on the way
    o["correct"] = out.correct;
    o["near_miss"] = out.near_miss;
    o["expected"] = out.expected ? json::value(*out.expected) : json::value(nullptr);
    o["points"] = out.points;
    o["rating"] = static_cast<int>(out.rating);
    o["memory"] = out.memory ? json::value(memory_json(*out.memory)) : json::value(nullptr);
    return o;
}

json::value to_json(const std::vector<AnswerBatchItem>& results) {
    return batch_json(results, [](const auto& answer) { return to_json(answer); });
}

}  // namespace ll::http
