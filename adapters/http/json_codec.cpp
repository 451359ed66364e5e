#include "adapters/http/json_codec.hpp"

namespace ll::http {

std::optional<json::object> parse_object(const std::string& body) {
    json::error_code ec;
    // Nesting is bounded by Boost.JSON's default max_depth (32), so hostile input cannot
    // exhaust the stack.
    json::value value = json::parse(body, ec);
    if (ec || !value.is_object()) return std::nullopt;
    return std::move(value.as_object());
}

LooseValue to_loose(const json::value& v) {
    switch (v.kind()) {
        case json::kind::null:
            return LooseValue::null();
        case json::kind::bool_:
            return LooseValue::of(v.get_bool());
        case json::kind::int64:
            return LooseValue::of(static_cast<std::int64_t>(v.get_int64()));
        case json::kind::uint64:
            return LooseValue::of(static_cast<double>(v.get_uint64()));
        case json::kind::double_:
            return LooseValue::of(v.get_double());
        case json::kind::string:
            return LooseValue::of(std::string(v.get_string()));
        case json::kind::array: {
            std::vector<LooseValue> items;
            items.reserve(v.get_array().size());
            for (const auto& item : v.get_array()) items.push_back(to_loose(item));
            return LooseValue::array(std::move(items));
        }
        case json::kind::object: {
            std::vector<std::pair<std::string, LooseValue>> members;
            members.reserve(v.get_object().size());
            for (const auto& [key, value] : v.get_object())
                members.emplace_back(std::string(key), to_loose(value));
            return LooseValue::object(std::move(members));
        }
    }
    return LooseValue::missing();
}

LooseValue loose_field(const json::object& object, std::string_view name) {
    const auto* v = object.if_contains(name);
    return v ? to_loose(*v) : LooseValue::missing();
}

Response json_ok(int status, const json::value& value) {
    return json_response(status, json::serialize(value));
}

json::value nullable(const std::optional<std::string>& v) {
    return v ? json::value(*v) : json::value(nullptr);
}
json::value nullable(const std::optional<std::int64_t>& v) {
    return v ? json::value(*v) : json::value(nullptr);
}

Response json_response(int status, std::string body) {
    Response r;
    r.status = status;
    r.body = std::move(body);
    return r;
}

Response error_response(const Error& error) {
    json::object body{{"error", error.message}};
    if (error.available) body["available"] = *error.available;
    Response r = json_ok(error.status, body);
    if (error.retry_after_seconds)
        r.headers.emplace_back("Retry-After", std::to_string(*error.retry_after_seconds));
    return r;
}

}  // namespace ll::http
