#include "adapters/http/json/preview.hpp"

#include "adapters/http/json/learner.hpp"

namespace ll::http {

boost::json::value to_json(const PairPreview& preview) {
    boost::json::array reasons;
    for (const auto& r : preview.reasons) reasons.emplace_back(r);
    return boost::json::object{{"lang", preview.lang},
                               {"in_feed", preview.in_feed},
                               {"reasons", std::move(reasons)},
                               {"item", to_json(preview.item)}};
}

}  // namespace ll::http
