// The studio's content lists as JSON (content_lists.hpp).
#include "adapters/http/json/content_lists.hpp"

#include "adapters/http/json/authoring.hpp"
#include "core/domain/time_format.hpp"

namespace ll::http {
namespace json = boost::json;

namespace {

json::value item_json(const PairListItem& item) {
    const PairListRow& r = item.row;
    const Pair& p = r.pair;
    json::value picture = nullptr;
    if (p.picture_id) {
        picture = json::object{
            {"id", *p.picture_id},
            {"title", r.picture_title ? json::value(*r.picture_title) : json::value(nullptr)}};
    }
    return json::object{
        {"id", p.id},
        {"picture", std::move(picture)},
        {"object_id", p.object_id ? json::value(*p.object_id) : json::value(nullptr)},
        {"answer_type", p.answer_type},
        {"level", p.level},
        {"status", p.status},
        {"statement", r.statement ? to_json(*r.statement) : json::value(nullptr)},
        {"question", r.question ? to_json(*r.question) : json::value(nullptr)},
        {"category_ids", json::value_from(r.category_ids)},
        {"missing_text", json::value_from(item.missing_text)},
        {"missing_audio", json::value_from(r.missing_audio)},
        {"created_at", format_timestamp(p.created_at)},
        {"updated_at", format_timestamp(p.updated_at)}};
}

// A word, statement or question as its own GET gives it, with what it lacks.
template <typename Item>
json::value item_json(const ItemListItem<Item>& item) {
    json::object o = to_json(item.row.item).as_object();
    o["missing_text"] = json::value_from(item.missing_text);
    o["missing_audio"] = json::value_from(item.row.missing_audio);
    return o;
}

// `{items, total, offset, limit}` of either list.
template <typename List>
json::value list_json(const List& list) {
    json::array items;
    for (const auto& item : list.items) items.push_back(item_json(item));
    return json::object{{"items", std::move(items)},
                        {"total", list.total},
                        {"offset", list.offset},
                        {"limit", list.limit}};
}

}  // namespace

json::value to_json(const PairList& list) {
    return list_json(list);
}

json::value to_json(const WordList& list) {
    return list_json(list);
}

json::value to_json(const StatementList& list) {
    return list_json(list);
}

json::value to_json(const QuestionList& list) {
    return list_json(list);
}

json::value to_json(const BulkResult& result) {
    json::array refused;
    for (const auto& r : result.refused) {
        json::object o{{"id", r.id}, {"status", r.error.status}, {"error", r.error.message}};
        if (!r.error.code.empty()) o["code"] = r.error.code;
        refused.push_back(std::move(o));
    }
    return json::object{{"action", result.action},
                        {"done", json::value_from(result.done)},
                        {"refused", std::move(refused)}};
}

}  // namespace ll::http
