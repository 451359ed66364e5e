#include "adapters/http/server/json_response.hpp"

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

Response error_response(const Error& error) {
    json::object body{{"error", error.message}};
    if (error.available) body["available"] = *error.available;
    Response r = json_ok(error.status, body);
    if (error.retry_after_seconds)
        r.headers.emplace_back("Retry-After", std::to_string(*error.retry_after_seconds));
    if (error.detail) r.log_detail = error.message + ": " + *error.detail;
    return r;
}

}  // namespace ll::http
