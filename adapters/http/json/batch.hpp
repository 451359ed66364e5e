#pragma once
// A batch's {"results": [...]} (POST /auth/progress/batch, POST /auth/answers/batch): each item as
// its single route answers it with "status": 200, or its error's status, message and code; with
// the item's client_id (null when it sent no usable one), in the order of the request.
#include <vector>

#include <boost/json.hpp>

#include "adapters/http/json/codec.hpp"

namespace ll::http {

// `one` turns an item's answer into its JSON object.
template <typename Item, typename One>
boost::json::value batch_json(const std::vector<Item>& results, One one) {
    boost::json::array out;
    for (const auto& item : results) {
        boost::json::object entry;
        if (item.result) {
            entry = one(item.result.value()).as_object();
            entry["status"] = 200;
        } else {
            entry["status"] = item.result.error().status;
            entry["message"] = item.result.error().message;
            entry["code"] = item.result.error().code;
        }
        entry["client_id"] = nullable(item.client_id);
        out.push_back(std::move(entry));
    }
    return boost::json::object{{"results", std::move(out)}};
}

}  // namespace ll::http
