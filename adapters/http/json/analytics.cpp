#include "adapters/http/json/analytics.hpp"

#include "adapters/http/json/codec.hpp"
#include "core/domain/time_format.hpp"

namespace ll::http {
namespace json = boost::json;
namespace {

json::object tally_json(const TallyView& t) {
    return json::object{{"answers", t.answers},
                        {"passed", t.passed},
                        {"pass_rate", nullable(t.pass_rate)},
                        {"small_sample", t.small_sample}};
}

json::value figures_json(const CardFigures& f) {
    json::object o{{"pair_id", f.pair_id},
                   {"lang", f.lang},
                   {"picture_id", nullable(f.picture_id)},
                   {"answer_type", f.answer_type},
                   {"level", f.level},
                   {"status", f.status},
                   {"statement", nullable(f.statement)}};
    json::array categories;
    for (const Id id : f.category_ids) categories.push_back(id);
    o["category_ids"] = std::move(categories);
    o["revision_started_at"] = f.revision_started_at
                                   ? json::value(format_timestamp(*f.revision_started_at))
                                   : json::value(nullptr);
    for (auto& [key, value] : tally_json(f.current)) o[key] = value;
    o["mean_retrievability"] = nullable(f.mean_retrievability);
    o["learners"] = f.learners;
    o["mean_difficulty"] = nullable(f.mean_difficulty);
    json::array picks;
    for (const auto& p : f.distractors)
        picks.push_back(json::object{{"word_id", p.word_id}, {"text", p.text}, {"picks", p.picks}});
    o["distractors"] = std::move(picks);
    o["previous"] = tally_json(f.previous);
    return o;
}

}  // namespace

json::value to_json(const CardFiguresList& list) {
    json::array cards;
    for (const auto& f : list.cards) cards.push_back(figures_json(f));
    return json::object{
        {"lang", list.lang}, {"min_answers", kMinAnswersForRate}, {"cards", std::move(cards)}};
}

json::value to_json(const PairFigures& pair) {
    json::array languages;
    for (const auto& f : pair.languages) languages.push_back(figures_json(f));
    return json::object{{"pair_id", pair.pair_id},
                        {"min_answers", kMinAnswersForRate},
                        {"languages", std::move(languages)}};
}

}  // namespace ll::http
