#pragma once
// Every request gets an id for the logs and the X-Request-Id answer header: the client's own when
// it is short and plain, else a fresh random one.
#include <string>
#include <string_view>

namespace ll::http {

// 16 random hex digits.
std::string new_request_id();
// A client's X-Request-Id is kept when it is short and plain (it ends up in logs).
bool sane_request_id(std::string_view id);

}  // namespace ll::http
