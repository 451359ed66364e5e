#include "adapters/http/json/preview.hpp"

#include "adapters/http/json/learner.hpp"
#include "adapters/http/json/learning.hpp"

namespace ll::http {

boost::json::value to_json(const PairPreview& preview) {
    boost::json::value exercise = nullptr;
    if (preview.exercise) {
        auto shown = exercise_json(preview.exercise->exercise).as_object();
        shown["right_choice_ids"] = boost::json::value_from(preview.exercise->right_choice_ids);
        shown["accepted_texts"] = boost::json::value_from(preview.exercise->accepted_texts);
        exercise = std::move(shown);
    }
    return boost::json::object{
        {"lang", preview.lang},          {"draft", preview.draft},
        {"in_feed", preview.in_feed},    {"reasons", boost::json::value_from(preview.reasons)},
        {"item", to_json(preview.item)}, {"exercise", std::move(exercise)}};
}

}  // namespace ll::http
