#include "adapters/http/json/history.hpp"

#include "adapters/http/json/codec.hpp"

namespace ll::http {

json::value to_json(const ContentChange& c) {
    return json::object{{"id", c.id},
                        {"at", timestamp(c.at)},
                        {"editor_id", nullable(c.editor_id)},
                        {"item", c.item},
                        {"item_id", c.item_id},
                        {"action", c.action},
                        {"picture_id", nullable(c.picture_id)},
                        {"before", loose_json(c.before)},
                        {"after", loose_json(c.after)}};
}

json::value to_json(const ChangeList& list) {
    json::array changes;
    for (const auto& c : list.changes) {
        auto change = to_json(c);
        const auto email =
            c.editor_id ? list.editor_emails.find(*c.editor_id) : list.editor_emails.end();
        change.as_object()["editor_email"] =
            email == list.editor_emails.end() ? json::value(nullptr) : json::value(email->second);
        changes.push_back(std::move(change));
    }
    return json::object{{"changes", std::move(changes)},
                        {"next_before", nullable(list.next_before)}};
}

json::value to_json(const RestoredItem& r) {
    return json::object{{"item", r.item}, {"item_id", r.item_id}};
}

}  // namespace ll::http
