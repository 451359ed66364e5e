#include "adapters/http/json/preview.hpp"

#include "adapters/http/json/learner.hpp"
#include "adapters/http/json/learning.hpp"

namespace ll::http {

boost::json::value to_json(const PairPreview& preview) {
    boost::json::array reasons;
    for (const auto& r : preview.reasons) reasons.emplace_back(r);
    boost::json::value exercise = nullptr;
    if (preview.exercise) {
        auto shown = exercise_json(preview.exercise->exercise).as_object();
        boost::json::array right, accepted;
        for (const auto& id : preview.exercise->right_choice_ids) right.emplace_back(id);
        for (const auto& text : preview.exercise->accepted_texts) accepted.emplace_back(text);
        shown["right_choice_ids"] = std::move(right);
        shown["accepted_texts"] = std::move(accepted);
        exercise = std::move(shown);
    }
    return boost::json::object{{"lang", preview.lang},
                               {"in_feed", preview.in_feed},
                               {"reasons", std::move(reasons)},
                               {"item", to_json(preview.item)},
                               {"exercise", std::move(exercise)}};
}

}  // namespace ll::http
