#include "adapters/http/server/header_lists.hpp"

#include <boost/beast/core/string.hpp>

namespace ll::http {

double weight(std::string_view params) {
    while (!params.empty()) {
        const auto semicolon = params.find(';');
        const std::string_view param = trim_ows(params.substr(0, semicolon));
        params =
            semicolon == std::string_view::npos ? std::string_view{} : params.substr(semicolon + 1);
        const auto eq = param.find('=');
        if (eq == std::string_view::npos ||
            !boost::beast::iequals(trim_ows(param.substr(0, eq)), "q"))
            continue;
        const std::string_view value = trim_ows(param.substr(eq + 1));
        if (value.empty() || (value[0] != '0' && value[0] != '1')) return 0;
        double q = value[0] - '0', scale = 0.1;
        if (value.size() > 1) {
            if (value[1] != '.') return 0;
            for (const char c : value.substr(2)) {
                if (c < '0' || c > '9') return 0;
                q += (c - '0') * scale;
                scale /= 10;
            }
        }
        return q > 1 ? 1 : q;
    }
    return 1;
}

}  // namespace ll::http
