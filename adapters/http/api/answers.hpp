#pragma once
// How every route answers: a use case's result as JSON with the route's status, or its error
// from the core's table (core/domain/errors.hpp). An error's detail (why a generator failed, say)
// rides on the Response for the server's log line with the request id and is never sent
// (server/message.hpp, Response::log_detail).
#include "adapters/http/json/authoring.hpp"
#include "adapters/http/json/learner.hpp"
#include "adapters/http/json/learning.hpp"
#include "adapters/http/server/json_response.hpp"
#include "core/domain/result.hpp"

namespace ll::http {

template <typename T>
Response answer(const Result<T>& result, int status = 200) {
    return result ? json_ok(status, to_json(result.value())) : error_response(result.error());
}

// 204 without a body, or the error.
inline Response no_content(const Result<Done>& result) {
    if (!result) return error_response(result.error());
    Response r;
    r.status = 204;
    r.content_type.clear();
    return r;
}

// 201 when the use case created something, 200 when it was there already.
template <typename T>
Response created_or_found(const Result<T>& result) {
    return result ? json_ok(result->created ? 201 : 200, to_json(result->words))
                  : error_response(result.error());
}

}  // namespace ll::http
