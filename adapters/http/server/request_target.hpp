#pragma once
// The request target ("/path?query") split into a decoded path and query parameters. Kept out of
// the server so it can be tested and fuzzed on its own: it sees raw client bytes first.
#include <string>
#include <string_view>

#include "adapters/http/server/message.hpp"

namespace ll::http {

// %XX sequences decoded (an invalid or cut sequence is kept as is); with plus_is_space, '+'
// becomes ' ' (form encoding, used in query strings only).
std::string percent_decode(std::string_view s, bool plus_is_space);

// Sets request.path (decoded, without the query) and request.query (decoded; the first value of
// a repeated key wins; a key without '=' gets an empty value).
void split_target(std::string_view target, Request& request);

}  // namespace ll::http
