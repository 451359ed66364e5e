#pragma once
// Learner answers an app keeps and revalidates (GET /feed, GET /auth/stats; docs/accounts.md
// "For app developers"): a strong ETag and `Cache-Control: private, no-cache`, so the app (or
// the browser) may keep the answer, no shared cache may, and it asks before every use; a request
// whose If-None-Match lists the tag gets 304 without a body. The tag is a digest of the body
// itself, so it changes exactly when the answer does, on every replica alike, with nothing
// stored. The answer is still computed: a 304 saves the transfer and the client's parsing, not
// the database read.
#include <string>
#include <string_view>

#include "adapters/http/server/message.hpp"

namespace ll::http {

// The strong ETag of an answer's body, the same on every replica.
std::string body_etag(std::string_view body);

// `fresh` with its ETag and Cache-Control, or the 304 for it; an answer other than 200 as it is.
// A learner's own answers are `private`; the languages, the same for everyone, are not.
Response revalidated(const Request& request, Response fresh,
                     const char* cache_control = "private, no-cache");
// The same for a 200 whose tag is known already (body_etag of a body made once).
Response revalidated_as(const Request& request, Response fresh, std::string_view etag,
                        const char* cache_control);

}  // namespace ll::http
