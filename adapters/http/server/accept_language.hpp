#pragma once
// Which of langlearn's languages a request asks for (docs/accounts.md "Languages of messages and
// labels").
#include <optional>
#include <string_view>

#include "adapters/http/server/message.hpp"
#include "core/domain/locale.hpp"

namespace ll::http {

// Accept-Language (RFC 9110 12.5.4), matched as RFC 4647 3.4 "lookup" does on the primary subtag:
// of the ranges naming de, en or sv ("sv", "sv-SE", "EN-us") the one with the highest weight,
// the first of equal weights. "*", weight 0 and other languages choose nothing: nullopt.
std::optional<Lang> asked_language(std::string_view accept_language);
std::optional<Lang> asked_language(const Request& request);

// An answer whose words depend on Accept-Language says so: `Vary: Accept-Language`, and
// `Content-Language` when a language was asked for.
void say_language(Response& response, std::optional<Lang> asked);

// An error answer in the language the request asks for, where the message catalogue has the
// message (core/domain/messages.hpp), with Content-Language; any other answer as it is.
void localize_error(const Request& request, Response& response);

}  // namespace ll::http
