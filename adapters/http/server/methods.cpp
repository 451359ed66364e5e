#include "adapters/http/server/methods.hpp"

namespace ll::http {
bool known_method(boost::beast::http::verb verb) {
    switch (verb) {
        case boost::beast::http::verb::get:
        case boost::beast::http::verb::head:
        case boost::beast::http::verb::post:
        case boost::beast::http::verb::put:
        case boost::beast::http::verb::patch:
        case boost::beast::http::verb::delete_:
        case boost::beast::http::verb::options:
            return true;
        default:
            return false;
    }
}

std::string_view method_label(std::string_view method) {
    for (const std::string_view known :
         {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "-", "other"})
        if (method == known) return known;
    return "other";
}

}  // namespace ll::http
