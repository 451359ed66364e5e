#include "adapters/http/server/json_response.hpp"

#include <boost/beast/core/string.hpp>

#include "adapters/http/server/header_lists.hpp"

namespace ll::http {

Response json_ok(int status, const json::value& value) {
    return json_response(status, to_text(value));
}

Response json_response(int status, std::string body) {
    Response r;
    r.status = status;
    r.body = std::move(body);
    return r;
}

namespace {

// For a log line: control characters (a generator's output may hold newlines) as \xNN, so a
// detail cannot forge a line of its own.
std::string one_line(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

void vary_on(Response& response, std::string_view field) {
    for (auto& [name, value] : response.headers) {
        if (!boost::beast::iequals(name, "Vary")) continue;
        const bool listed = any_element(
            value, [&](std::string_view name) { return boost::beast::iequals(name, field); });
        if (!listed) value.append(", ").append(field);
        return;
    }
    response.headers.emplace_back("Vary", std::string(field));
}

std::string error_body(const Error& error) {
    json::object body{{"error", error.message}};
    if (!error.code.empty()) body["code"] = error.code;
    if (error.available) body["available"] = *error.available;
    return to_text(body);
}

Response error_response(const Error& error) {
    Response r = json_response(error.status, error_body(error));
    if (error.retry_after_seconds)
        r.headers.emplace_back("Retry-After", std::to_string(*error.retry_after_seconds));
    // RFC 6750 section 3: no error code when no token was given, invalid_token otherwise.
    if (error.challenge == Error::Challenge::no_token)
        r.headers.emplace_back("WWW-Authenticate", "Bearer");
    if (error.challenge == Error::Challenge::invalid_token)
        r.headers.emplace_back("WWW-Authenticate", "Bearer error=\"invalid_token\"");
    if (error.detail) r.log_detail = one_line(error.message + ": " + *error.detail);
    r.error = error;
    r.error->detail.reset();
    return r;
}

}  // namespace ll::http
