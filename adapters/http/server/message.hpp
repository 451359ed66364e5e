#pragma once
// The server's own request/response values: route handlers see these, not Beast's types, so
// they stay a few lines of decode -> use case -> encode.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/domain/entities.hpp"
#include "core/domain/errors.hpp"
#include "core/domain/types.hpp"
#include "core/ports/security.hpp"

namespace ll::http {

// A header value without the optional whitespace (spaces and tabs) HTTP allows around it and
// around the elements of its lists.
inline std::string_view trim_ows(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

struct Request {
    std::string method;                         // "GET", "POST", ...
    std::string path;                           // without the query string
    std::map<std::string, std::string> query;   // percent-decoded, first value of each key
    std::map<std::string, std::string> params;  // :name segments of the matched route
    std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased
    std::string body;
    std::string request_id;
    std::string client_address;
    // Who the token says is calling, set by the route's guard (router.hpp) as soon as the header
    // has arrived: the handler goes on from here instead of verifying the token again.
    std::optional<TokenClaims> claims;
    std::optional<StaffPrincipal> staff;

    std::optional<std::string_view> header(std::string_view lower_name) const {
        for (const auto& [name, value] : headers) {
            if (name == lower_name) return std::string_view(value);
        }
        return std::nullopt;
    }
};

inline constexpr const char* kJsonType = "application/json; charset=utf-8";

struct Response {
    int status = 200;
    std::string body;
    std::string content_type = kJsonType;
    std::vector<std::pair<std::string, std::string>> headers;
    std::optional<Id> user_id;  // for the access log
    // Why an error happened (Error::detail), logged by the server with the request id and never
    // sent to the client.
    std::optional<std::string> log_detail;
    // The error this answer says (error_response), so the server can say it in the language the
    // request asks for (localize_error in accept_language.hpp).
    std::optional<Error> error;
    // A HEAD answer whose handler did not make the body (/media: no bytes read for nothing):
    // the Content-Length a GET would carry. Unset: the body's size.
    std::optional<std::uint64_t> head_length;
};

// {"error": message} (+ available, + Retry-After) with the error's status.
Response error_response(const Error& error);
// The body of error_response: {"error", "code", "available"?}.
std::string error_body(const Error& error);
// Adds a request header's name to the answer's Vary list (made when missing).
void vary_on(Response& response, std::string_view field);
Response json_response(int status, std::string body);

}  // namespace ll::http
