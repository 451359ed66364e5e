#pragma once
// The comma-separated lists of HTTP headers (RFC 9110 5.6.1): entity tags (If-None-Match,
// conditional.cpp), the names of Vary (json_response.cpp), and the Accept-* lists whose elements
// carry an optional weight (RFC 9110 12.4.2: "gzip;q=0.5", "de-AT;q=0.8"), which
// Accept-Encoding (content_coding) and Accept-Language (accept_language) read alike.
#include <string_view>

#include "adapters/http/server/message.hpp"

namespace ll::http {

// Calls `each` with every trimmed, non-empty element of a comma-separated list until it
// returns true. The lists read here hold no quoted commas (our tags never contain one), so a
// plain split cannot miss an element.
template <typename F>
bool any_element(std::string_view list, F&& each) {
    while (true) {
        const auto comma = list.find(',');
        const std::string_view element = trim_ows(list.substr(0, comma));
        if (!element.empty() && each(element)) return true;
        if (comma == std::string_view::npos) return false;
        list.remove_prefix(comma + 1);
    }
}

// The weight of one element's parameters (";q=0.5" without the first ';' -> 0.5): 1 without a
// q, 0 for a weight that is not one ("0", "0.", "0.0" .. "1.000").
double weight(std::string_view params);

// Calls on_element(value, weight) for each element of an Accept-* list with a value, in order.
template <typename OnElement>
void for_each_weighted(std::string_view list, OnElement&& on_element) {
    any_element(list, [&](std::string_view element) {
        const auto semicolon = element.find(';');
        const std::string_view value = trim_ows(element.substr(0, semicolon));
        if (!value.empty())
            on_element(value, semicolon == std::string_view::npos
                                  ? 1.0
                                  : weight(element.substr(semicolon + 1)));
        return false;
    });
}

}  // namespace ll::http
