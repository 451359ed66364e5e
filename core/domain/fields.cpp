#include "core/domain/fields.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include <fmt/format.h>

#include "core/domain/rules.hpp"
#include "core/domain/utf8.hpp"

namespace ll::fields {
namespace {

using K = LooseValue::Kind;

inline constexpr std::size_t kMaxSelections = 1000;
inline constexpr std::size_t kMaxPolygonPoints = 10000;

Error bad(std::string_view name, std::string_view problem) {
    return errors::field(name, problem);
}

bool absent(const LooseValue& v) {
    return v.kind == K::missing || v.kind == K::null;
}

std::optional<double> number_of(const LooseValue& v) {
    if (v.kind == K::integer) return static_cast<double>(v.integer);
    if (v.kind == K::number && std::isfinite(v.number)) return v.number;
    return std::nullopt;
}

// Digits only (after trimming), fitting in int64.
std::optional<std::int64_t> digits_of(std::string_view text) {
    const std::string t = trim(text);
    if (t.empty() || t.size() > 18) return std::nullopt;
    std::int64_t out = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return std::nullopt;
        out = out * 10 + (c - '0');
    }
    return out;
}

std::optional<std::int64_t> integer_of(const LooseValue& v) {
    switch (v.kind) {
        case K::integer:
            return v.integer;
        case K::number:
            if (std::isfinite(v.number) && std::floor(v.number) == v.number &&
                std::fabs(v.number) < 9.0e15)
                return static_cast<std::int64_t>(v.number);
            return std::nullopt;
        case K::string:
            return digits_of(v.string);
        default:
            return std::nullopt;
    }
}

Result<Selection> bbox(const LooseValue& v, const std::string& name) {
    Selection s;
    s.type = Selection::Type::bbox;
    double* slots[] = {&s.x, &s.y, &s.w, &s.h};
    const char* keys[] = {"x", "y", "w", "h"};
    for (int i = 0; i < 4; ++i) {
        const auto n = number_of(v[keys[i]]);
        const bool size = i >= 2;
        if (!n || (size ? *n <= 0 : *n < 0)) {
            return bad(fmt::format("{}.{}", name, keys[i]),
                       size ? errors::problem::not_size : errors::problem::not_offset);
        }
        *slots[i] = *n;
    }
    return s;
}

Result<Selection> polygon(const LooseValue& v, const std::string& name) {
    Selection s;
    s.type = Selection::Type::polygon;
    const LooseValue& points = v["points"];
    if (!points.is_array() || points.items.size() < 3 || points.items.size() > kMaxPolygonPoints) {
        return bad(name + ".points", errors::problem::not_polygon(kMaxPolygonPoints));
    }
    for (std::size_t i = 0; i < points.items.size(); ++i) {
        const LooseValue& p = points.items[i];
        const auto x = p.is_array() && p.items.size() == 2 ? number_of(p.items[0]) : std::nullopt;
        const auto y = p.is_array() && p.items.size() == 2 ? number_of(p.items[1]) : std::nullopt;
        if (!x || !y || *x < 0 || *y < 0)
            return bad(fmt::format("{}.points[{}]", name, i), errors::problem::not_point);
        s.points.emplace_back(*x, *y);
    }
    return s;
}

bool inside(const Selection& s, double width, double height) {
    if (s.type == Selection::Type::bbox) return s.x + s.w <= width && s.y + s.h <= height;
    return std::all_of(s.points.begin(), s.points.end(),
                       [&](const auto& p) { return p.first <= width && p.second <= height; });
}

}  // namespace

Error required(std::string_view name) {
    return bad(name, errors::problem::required);
}

Result<std::optional<std::string>> text(const LooseValue& v, std::string_view name,
                                        std::size_t max) {
    if (absent(v)) return std::optional<std::string>();
    if (!v.is_string()) return bad(name, errors::problem::not_string);
    // Query values arrive percent-decoded, so any byte can reach here: text that is not UTF-8
    // would make every later JSON answer unparsable, and PostgreSQL's text holds neither it nor
    // NUL (which JSON bodies can spell as \u0000).
    if (!utf8::storable_text(v.string)) return bad(name, errors::problem::not_text);
    std::string t = trim(v.string);
    if (code_point_count(t) > max) return bad(name, errors::problem::too_long(max));
    if (t.empty()) return std::optional<std::string>();
    return std::optional<std::string>(std::move(t));
}

Result<std::string> required_text(const LooseValue& v, std::string_view name, std::size_t max) {
    auto t = text(v, name, max);
    if (!t) return t.error();
    if (!t.value()) return required(name);
    return std::move(*t.value());
}

Result<Change<std::string>> text_change(const LooseValue& v, std::string_view name,
                                        std::size_t max) {
    if (v.is_missing()) return Change<std::string>{};
    auto t = text(v, name, max);
    if (!t) return t.error();
    return Change<std::string>{true, std::move(t.value())};
}

Result<std::optional<std::int64_t>> integer(const LooseValue& v, std::string_view name,
                                            std::int64_t lo, std::int64_t hi) {
    if (absent(v)) return std::optional<std::int64_t>();
    const auto n = integer_of(v);
    if (!n || *n < lo || *n > hi) return bad(name, errors::problem::not_integer_in(lo, hi));
    return std::optional<std::int64_t>(*n);
}

Result<std::optional<int>> level(const LooseValue& v, std::string_view name) {
    auto n = integer(v, name, 1, 100);
    if (!n) return n.error();
    if (!n.value()) return std::optional<int>();
    return std::optional<int>(static_cast<int>(*n.value()));
}

Result<std::optional<Id>> id(const LooseValue& v, std::string_view name) {
    if (absent(v)) return std::optional<Id>();
    const auto n = integer_of(v);
    if (!n || *n <= 0) return bad(name, errors::problem::not_positive_integer);
    return std::optional<Id>(*n);
}

Result<std::optional<bool>> boolean(const LooseValue& v, std::string_view name) {
    if (absent(v)) return std::optional<bool>();
    if (v.kind == K::boolean) return std::optional<bool>(v.boolean);
    if (v.is_string() && (v.string == "true" || v.string == "false"))
        return std::optional<bool>(v.string == "true");
    return bad(name, errors::problem::not_boolean);
}

Result<std::optional<std::string>> choice(const LooseValue& v, std::string_view name,
                                          std::initializer_list<std::string_view> options) {
    if (absent(v)) return std::optional<std::string>();
    if (v.is_string()) {
        for (const auto option : options) {
            if (v.string == option) return std::optional<std::string>(v.string);
        }
    }
    std::string list;
    for (const auto option : options) list += (list.empty() ? "" : ", ") + std::string(option);
    return bad(name, errors::problem::not_one_of(list));
}

Result<std::vector<Id>> id_list(const LooseValue& v, std::string_view name) {
    std::vector<Id> out;
    if (absent(v)) return out;
    if (!v.is_array()) return bad(name, errors::problem::not_id_list);
    std::unordered_set<Id> seen;  // first occurrences kept in order, in linear time
    for (std::size_t i = 0; i < v.items.size(); ++i) {
        auto one = id(v.items[i], fmt::format("{}[{}]", name, i));
        if (!one) return one.error();
        if (!one.value())
            return bad(fmt::format("{}[{}]", name, i), errors::problem::not_positive_integer);
        if (seen.insert(*one.value()).second) out.push_back(*one.value());
    }
    return out;
}

Deferred<std::vector<Selection>> selection_shapes(const LooseValue& v, std::string_view name) {
    Deferred<std::vector<Selection>> out;
    if (absent(v)) return out;
    if (!v.is_array() || v.items.size() > kMaxSelections) {
        out.error = bad(name, errors::problem::too_many_selections(kMaxSelections));
        return out;
    }
    for (std::size_t i = 0; i < v.items.size(); ++i) {
        const LooseValue& item = v.items[i];
        const std::string at = fmt::format("{}[{}]", name, i);
        const LooseValue& type = item["type"];
        Result<Selection> s = !item.is_object() ? bad(at, errors::problem::not_object)
                              : type.is_string() && type.string == "bbox" ? bbox(item, at)
                              : type.is_string() && type.string == "polygon"
                                  ? polygon(item, at)
                                  : bad(at + ".type", errors::problem::not_selection_type);
        if (!s) {
            out.error = s.error();
            return out;
        }
        out.value.push_back(std::move(s.value()));
    }
    return out;
}

Result<std::vector<Selection>> within_picture(const Deferred<std::vector<Selection>>& shapes,
                                              std::string_view name, std::optional<int> width,
                                              std::optional<int> height) {
    for (std::size_t i = 0; i < shapes.value.size() && width && height; ++i) {
        if (!inside(shapes.value[i], *width, *height))
            return bad(fmt::format("{}[{}]", name, i),
                       errors::problem::outside_picture(*width, *height));
    }
    return shapes.checked();
}

Result<std::vector<Selection>> selections(const LooseValue& v, std::string_view name,
                                          std::optional<int> width, std::optional<int> height) {
    return within_picture(selection_shapes(v, name), name, width, height);
}

}  // namespace ll::fields
