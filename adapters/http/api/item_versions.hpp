#pragma once
// Staff items' versions over HTTP (docs/authoring-guide.md "Two editors at once"): answers that
// show one item carry its version as a strong ETag ("<16 hex digits>"), and a PATCH or DELETE
// hands its If-Match to the use case, which compares it inside the write (core/app/authoring/
// versions.hpp). Without If-Match the request is unconditional, as before.
#include <string>
#include <string_view>

#include "adapters/http/api/answers.hpp"
#include "adapters/http/server/message.hpp"
#include "core/app/authoring/versions.hpp"

namespace ll::http {

// What the request's If-Match fields (all of them, as one list) ask for.
VersionCondition if_match(const Request& request);

// The strong entity tag of a version: "\"<version>\"".
std::string etag_of(std::string_view version);

// `answer`, with the item's ETag when it is one.
template <typename T>
Response answer_item(const Result<T>& result, int status = 200) {
    Response r = answer(result, status);
    if (result) r.headers.emplace_back("ETag", etag_of(version_of(result.value())));
    return r;
}

}  // namespace ll::http
