#pragma once
// The lists of the Accept-* request headers (RFC 9110 12.4.2): elements separated by commas, each
// with an optional weight ("gzip;q=0.5", "de-AT;q=0.8"). Accept-Encoding (content_coding) and
// Accept-Language (accept_language) read them alike.
#include <string_view>

#include "adapters/http/server/message.hpp"

namespace ll::http {

// The weight of one element's parameters (";q=0.5" without the first ';' -> 0.5): 1 without a
// q, 0 for a weight that is not one ("0", "0.", "0.0" .. "1.000").
double weight(std::string_view params);

// Calls on_element(value, weight) for each non-empty element of `list`, in order.
template <typename OnElement>
void for_each_weighted(std::string_view list, OnElement&& on_element) {
    while (true) {
        const auto comma = list.find(',');
        const std::string_view element = trim_ows(list.substr(0, comma));
        const auto semicolon = element.find(';');
        const std::string_view value = trim_ows(element.substr(0, semicolon));
        if (!value.empty())
            on_element(value, semicolon == std::string_view::npos
                                  ? 1.0
                                  : weight(element.substr(semicolon + 1)));
        if (comma == std::string_view::npos) return;
        list.remove_prefix(comma + 1);
    }
}

}  // namespace ll::http
