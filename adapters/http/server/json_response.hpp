#pragma once
// Answers with a JSON body: a value with a status, or an error of the core's table
// (error_response, server/message.hpp).
#include <boost/json.hpp>

#include "adapters/http/json/codec.hpp"
#include "adapters/http/server/message.hpp"

namespace ll::http {

Response json_ok(int status, const json::value& value);

// For the larger answers (GET /auth/stats: some 90 objects): `build(storage)` makes the document
// in an arena on the stack, so its nodes cost no heap allocation each; serialised, the arena goes.
template <typename Build>
Response json_ok_in_arena(int status, Build&& build) {
    unsigned char buffer[16 * 1024];
    json::monotonic_resource arena(buffer, sizeof buffer);
    return json_ok(status, build(json::storage_ptr(&arena)));
}

}  // namespace ll::http
