#include "adapters/persistence/selections_json.hpp"

#include <charconv>
#include <optional>

#include <boost/json.hpp>
#include <boost/json/basic_parser_impl.hpp>

namespace ll::sql {
namespace json = boost::json;
namespace {

// Boost.JSON 1.81 converts decimal text to double with a fast method that can be one unit in
// the last place off, and PostgreSQL's JSONB prints numbers in its own decimal form. So the
// parser keeps each number's text and converts it with std::from_chars (correctly rounded):
// the shortest round-trip text the serializer writes, or JSONB's exact decimal of it, gives
// back the same double. Everything else is the stock value_stack, as json::parser builds it.
class ExactNumbers {
  public:
    static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
    static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);

    json::value_stack stack;

    bool on_document_begin(json::error_code&) {
        stack.reset();
        return true;
    }
    bool on_document_end(json::error_code&) { return true; }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t n, json::error_code&) {
        stack.push_array(n);
        return true;
    }
    bool on_object_begin(json::error_code&) { return true; }
    bool on_object_end(std::size_t n, json::error_code&) {
        stack.push_object(n);
        return true;
    }
    bool on_string_part(json::string_view s, std::size_t, json::error_code&) {
        stack.push_chars(s);
        return true;
    }
    bool on_string(json::string_view s, std::size_t, json::error_code&) {
        stack.push_string(s);
        return true;
    }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
        stack.push_chars(s);
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code&) {
        stack.push_key(s);
        return true;
    }
    bool on_number_part(json::string_view s, json::error_code&) {
        number_.append(s.data(), s.size());
        return true;
    }
    bool on_int64(std::int64_t i, json::string_view, json::error_code&) {
        number_.clear();
        stack.push_int64(i);
        return true;
    }
    bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) {
        number_.clear();
        stack.push_uint64(u);
        return true;
    }
    bool on_double(double d, json::string_view s, json::error_code&) {
        number_.append(s.data(), s.size());
        double exact = d;
        const char* end = number_.data() + number_.size();
        const auto [ptr, ec] = std::from_chars(number_.data(), end, exact);
        stack.push_double(ec == std::errc() && ptr == end ? exact : d);
        number_.clear();
        return true;
    }
    bool on_bool(bool b, json::error_code&) {
        stack.push_bool(b);
        return true;
    }
    bool on_null(json::error_code&) {
        stack.push_null();
        return true;
    }
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }

  private:
    std::string number_;
};

std::optional<json::value> parse_exact(std::string_view text) {
    json::basic_parser<ExactNumbers> parser{json::parse_options{}};
    json::error_code ec;
    parser.write_some(false, text.data(), text.size(), ec);
    if (ec) return std::nullopt;
    return parser.handler().stack.release();
}

std::optional<double> number(const json::value* v) {
    if (!v) return std::nullopt;
    if (v->is_double()) return v->get_double();
    if (v->is_int64()) return static_cast<double>(v->get_int64());
    if (v->is_uint64()) return static_cast<double>(v->get_uint64());
    return std::nullopt;
}

std::optional<Selection> bbox(const json::object& o) {
    const auto x = number(o.if_contains("x")), y = number(o.if_contains("y"));
    const auto w = number(o.if_contains("w")), h = number(o.if_contains("h"));
    if (!x || !y || !w || !h) return std::nullopt;
    Selection s;
    s.type = Selection::Type::bbox;
    s.x = *x;
    s.y = *y;
    s.w = *w;
    s.h = *h;
    return s;
}

std::optional<Selection> polygon(const json::object& o) {
    const json::value* points = o.if_contains("points");
    if (!points || !points->is_array()) return std::nullopt;
    Selection s;
    s.type = Selection::Type::polygon;
    for (const json::value& p : points->get_array()) {
        if (!p.is_array() || p.get_array().size() != 2) return std::nullopt;
        const auto x = number(&p.get_array()[0]), y = number(&p.get_array()[1]);
        if (!x || !y) return std::nullopt;
        s.points.emplace_back(*x, *y);
    }
    return s;
}

}  // namespace

std::string encode_selections(const std::vector<Selection>& selections) {
    json::array out;
    for (const Selection& s : selections) {
        if (s.type == Selection::Type::bbox) {
            out.push_back(
                json::object{{"type", "bbox"}, {"x", s.x}, {"y", s.y}, {"w", s.w}, {"h", s.h}});
        } else {
            json::array points;
            for (const auto& [x, y] : s.points) points.push_back(json::array{x, y});
            out.push_back(json::object{{"type", "polygon"}, {"points", std::move(points)}});
        }
    }
    return json::serialize(out);
}

std::vector<Selection> decode_selections(std::string_view text) {
    std::vector<Selection> out;
    const std::optional<json::value> parsed = parse_exact(text);
    if (!parsed || !parsed->is_array()) return out;
    for (const json::value& entry : parsed->get_array()) {
        if (!entry.is_object()) continue;
        const json::object& o = entry.get_object();
        const json::value* type = o.if_contains("type");
        if (!type || !type->is_string()) continue;
        std::optional<Selection> s;
        if (type->get_string() == "bbox") s = bbox(o);
        if (type->get_string() == "polygon") s = polygon(o);
        if (s) out.push_back(std::move(*s));
    }
    return out;
}

}  // namespace ll::sql
